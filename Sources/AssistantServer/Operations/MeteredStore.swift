import Foundation
import ParlanceCore

/// The assistant's store as the server's conversations use it, every operation timed for `/metrics`
/// (`parlance_store_operation_duration_seconds{operation}`) and each failure counted. It forwards every
/// requirement, those with a default too, so the store underneath behaves exactly as it would unwrapped.
struct MeteredStore: ConversationStore, AppRegistry {
    let store: any ConversationStore
    let registry: any AppRegistry
    let metrics: ServerMetrics

    private func timed<Value>(_ operation: String, _ body: () throws(StoreError) -> Value) throws(StoreError) -> Value {
        let began = ContinuousClock.now
        do {
            let value = try body()
            metrics.storeOperation(operation, duration: .now - began, failed: false)
            return value
        } catch {
            metrics.storeOperation(operation, duration: .now - began, failed: true)
            throw error
        }
    }

    // MARK: ConversationStore

    func conversationState(session: String) throws(StoreError) -> Data? {
        try timed("conversationState") { () throws(StoreError) in try store.conversationState(session: session) }
    }

    func saveConversationState(_ state: Data?, session: String) throws(StoreError) {
        try timed("saveConversationState") { () throws(StoreError) in try store.saveConversationState(state, session: session) }
    }

    func keepConversations(sessions: [String]) throws(StoreError) {
        try timed("keepConversations") { () throws(StoreError) in try store.keepConversations(sessions: sessions) }
    }

    func forgetConversations(prefix: String, untouchedSince cutoff: Date, keeping: [String]) throws(StoreError) -> Int {
        try timed("forgetConversations") { () throws(StoreError) in
            try store.forgetConversations(prefix: prefix, untouchedSince: cutoff, keeping: keeping)
        }
    }

    func beginHandling(intentIdentifier: String, app: String, intent: String,
                       state: Data?, session: String, resending: Bool) throws(StoreError) -> Bool {
        try timed("beginHandling") { () throws(StoreError) in
            try store.beginHandling(intentIdentifier: intentIdentifier, app: app, intent: intent, state: state,
                                    session: session, resending: resending)
        }
    }

    func markHandleSent(intentIdentifier: String) throws(StoreError) {
        try timed("markHandleSent") { () throws(StoreError) in try store.markHandleSent(intentIdentifier: intentIdentifier) }
    }

    func beginSending(intentIdentifier: String, app: String, intent: String,
                      state: Data?, session: String, resending: Bool) throws(StoreError) -> Bool {
        try timed("beginSending") { () throws(StoreError) in
            try store.beginSending(intentIdentifier: intentIdentifier, app: app, intent: intent, state: state,
                                   session: session, resending: resending)
        }
    }

    func finishHandling(intentIdentifier: String, response: String) throws(StoreError) {
        try timed("finishHandling") { () throws(StoreError) in
            try store.finishHandling(intentIdentifier: intentIdentifier, response: response)
        }
    }

    func journalEntry(intentIdentifier: String) throws(StoreError) -> JournalEntry? {
        try timed("journalEntry") { () throws(StoreError) in try store.journalEntry(intentIdentifier: intentIdentifier) }
    }

    func isSessionLocked() throws(StoreError) -> Bool {
        try timed("isSessionLocked") { () throws(StoreError) in try store.isSessionLocked() }
    }

    func messageReadBack() throws(StoreError) -> String? {
        try timed("messageReadBack") { () throws(StoreError) in try store.messageReadBack() }
    }

    // MARK: AppRegistry

    func apps() throws(StoreError) -> [InstalledApp] {
        try timed("apps") { () throws(StoreError) in try registry.apps() }
    }

    func app(_ identifier: String) throws(StoreError) -> InstalledApp? {
        try timed("app") { () throws(StoreError) in try registry.app(identifier) }
    }

    func setPermission(_ permission: AppPermission, for identifier: String) throws(StoreError) {
        try timed("setPermission") { () throws(StoreError) in try registry.setPermission(permission, for: identifier) }
    }

    func preferredApp(domain: String) throws(StoreError) -> String? {
        try timed("preferredApp") { () throws(StoreError) in try registry.preferredApp(domain: domain) }
    }

    func setPreferredApp(_ identifier: String?, domain: String) throws(StoreError) {
        try timed("setPreferredApp") { () throws(StoreError) in try registry.setPreferredApp(identifier, domain: domain) }
    }

    func defaultWasOffered(domain: String) throws(StoreError) -> Bool {
        try timed("defaultWasOffered") { () throws(StoreError) in try registry.defaultWasOffered(domain: domain) }
    }

    func markDefaultOffered(domain: String) throws(StoreError) {
        try timed("markDefaultOffered") { () throws(StoreError) in try registry.markDefaultOffered(domain: domain) }
    }

    func opensWithoutAsking(_ identifier: String) throws(StoreError) -> Bool {
        try timed("opensWithoutAsking") { () throws(StoreError) in try registry.opensWithoutAsking(identifier) }
    }

    func setOpensWithoutAsking(_ always: Bool, for identifier: String) throws(StoreError) {
        try timed("setOpensWithoutAsking") { () throws(StoreError) in try registry.setOpensWithoutAsking(always, for: identifier) }
    }
}

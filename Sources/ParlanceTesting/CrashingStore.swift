import Foundation
import ParlanceCore
import Synchronization

/// A conversation store that stops as the assistant would if it were killed at a chosen point of
/// handle: the write at that point reaches the real store (before handle) or is lost (after handle),
/// and from then on every write is dropped and reported as failed, as a dead process writes nothing.
/// The turn that crashed is thrown away; a new assistant on the real store then resumes.
public final class CrashingStore: ConversationStore {
    /// Where to crash.
    public enum Point: String, Sendable, CaseIterable {
        /// Before the journal records the request as sent (after the decision to handle, when that was
        /// recorded first, for an extension that had to start): the request never leaves.
        case beforeSend = "before-send"
        /// After the journal records the request as sent, before the extension receives it.
        case beforeHandle = "before-handle"
        /// After the extension handled the intent, before its answer is recorded.
        case afterHandle = "after-handle"
    }

    private struct Status {
        var armed: Point?
        var crashed = false
    }

    private let store: any ConversationStore
    private let status = Mutex(Status())

    /// A store that passes everything to `store` until it crashes.
    public init(_ store: any ConversationStore) {
        self.store = store
    }

    /// Crash at this point of the next handle (nil: don't).
    public func arm(_ point: Point?) {
        status.withLock { $0.armed = point }
    }

    /// Whether the store has crashed: nothing after it was written.
    public var crashed: Bool { status.withLock { $0.crashed } }

    private var dead: StoreError { StoreError(.database, "the assistant has crashed (simulated)") }

    private func checkAlive() throws(StoreError) {
        if crashed { throw dead }
    }

    public func conversationState(session: String) throws(StoreError) -> Data? {
        try store.conversationState(session: session)
    }

    public func messageReadBack() throws(StoreError) -> String? {
        try store.messageReadBack()
    }

    public func saveConversationState(_ state: Data?, session: String) throws(StoreError) {
        try checkAlive()
        try store.saveConversationState(state, session: session)
    }

    public func keepConversations(sessions: [String]) throws(StoreError) {
        try checkAlive()
        try store.keepConversations(sessions: sessions)
    }

    public func forgetConversations(prefix: String, untouchedSince cutoff: Date, keeping: [String]) throws(StoreError) -> Int {
        try checkAlive()
        return try store.forgetConversations(prefix: prefix, untouchedSince: cutoff, keeping: keeping)
    }

    public func beginHandling(intentIdentifier: String, app: String, intent: String,
                              state: Data?, session: String, resending: Bool) throws(StoreError) -> Bool {
        try checkAlive()
        return try store.beginHandling(intentIdentifier: intentIdentifier, app: app, intent: intent,
                                       state: state, session: session, resending: resending)
    }

    public func markHandleSent(intentIdentifier: String) throws(StoreError) {
        try checkAlive()
        if crash(at: .beforeSend) { throw dead }
        try store.markHandleSent(intentIdentifier: intentIdentifier)
        if crash(at: .beforeHandle) { throw dead }
    }

    public func beginSending(intentIdentifier: String, app: String, intent: String,
                             state: Data?, session: String, resending: Bool) throws(StoreError) -> Bool {
        try checkAlive()
        if crash(at: .beforeSend) { throw dead }
        let fresh = try store.beginSending(intentIdentifier: intentIdentifier, app: app, intent: intent,
                                           state: state, session: session, resending: resending)
        if crash(at: .beforeHandle) { throw dead }
        return fresh
    }

    /// Crashes (from now on) if armed for `point`.
    private func crash(at point: Point) -> Bool {
        status.withLock { status in
            guard status.armed == point else { return false }
            status.crashed = true
            return true
        }
    }

    public func finishHandling(intentIdentifier: String, response: String) throws(StoreError) {
        try checkAlive()
        if crash(at: .afterHandle) { throw dead }
        try store.finishHandling(intentIdentifier: intentIdentifier, response: response)
    }

    public func journalEntry(intentIdentifier: String) throws(StoreError) -> JournalEntry? {
        try store.journalEntry(intentIdentifier: intentIdentifier)
    }

    public func isSessionLocked() throws(StoreError) -> Bool {
        try store.isSessionLocked()
    }
}

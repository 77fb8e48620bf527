import Foundation
import Intents
import ParlanceCore
import Synchronization

/// The assistant's store in memory: installed apps, permissions, user vocabulary, conversation state,
/// the handle journal and the session lock, behind the same protocols as the SQLite store. For tests
/// of the engine and of understanding that have no reason to touch a disk.
public final class MemoryStore: AppRegistry, VocabularySource, ConversationStore {
    private struct Contents {
        var apps: [String: InstalledApp] = [:]
        var vocabulary: [VocabularyEntry] = []
        var generation = 0
        var states: [String: Data] = [:]
        /// When each session's state was saved last.
        var saved: [String: Date] = [:]
        var journal: [String: JournalEntry] = [:]
        var locked = false
        var preferred: [String: String] = [:]
        /// Domains whose default the assistant offered.
        var offeredDefaults: Set<String> = []
        /// Apps opened without asking, with the code fingerprint the user said "always" for.
        var openedWithoutAsking: [String: String] = [:]
    }

    private let contents = Mutex(Contents())

    public init() {}

    // MARK: Apps

    /// Installs or updates an app (an update keeps the permission).
    public func install(_ bundle: AppBundle, permission: AppPermission? = nil) {
        contents.withLock { contents in
            let now = Date()
            let existing = contents.apps[bundle.identifier]
            contents.apps[bundle.identifier] = InstalledApp(
                bundle: bundle, permission: permission ?? existing?.permission ?? .notDetermined,
                installedAt: existing?.installedAt ?? now, updatedAt: now)
            contents.generation += 1
        }
    }

    public func apps() throws(StoreError) -> [InstalledApp] {
        contents.withLock { $0.apps.values.sorted { $0.bundle.displayName.lowercased() < $1.bundle.displayName.lowercased() } }
    }

    public func app(_ identifier: String) throws(StoreError) -> InstalledApp? {
        contents.withLock { $0.apps[identifier] }
    }

    public func setPermission(_ permission: AppPermission, for identifier: String) throws(StoreError) {
        try contents.withLock { (contents: inout Contents) throws(StoreError) in
            guard contents.apps[identifier] != nil else {
                throw StoreError(.appNotInstalled, "no app '\(identifier)' is installed")
            }
            contents.apps[identifier]?.permission = permission
        }
    }

    public func preferredApp(domain: String) throws(StoreError) -> String? {
        contents.withLock { $0.preferred[domain] }
    }

    /// Makes an app the one a domain's unnamed requests go to (nil: none).
    public func setPreferredApp(_ identifier: String?, domain: String) {
        contents.withLock { $0.preferred[domain] = identifier }
    }

    public func defaultWasOffered(domain: String) throws(StoreError) -> Bool {
        contents.withLock { $0.offeredDefaults.contains(domain) }
    }

    public func markDefaultOffered(domain: String) throws(StoreError) {
        contents.withLock { _ = $0.offeredDefaults.insert(domain) }
    }

    public func opensWithoutAsking(_ identifier: String) throws(StoreError) -> Bool {
        contents.withLock { contents in
            guard let app = contents.apps[identifier], let stored = contents.openedWithoutAsking[identifier] else { return false }
            return stored == (app.bundle.codeFingerprint ?? "")
        }
    }

    public func setOpensWithoutAsking(_ always: Bool, for identifier: String) throws(StoreError) {
        try contents.withLock { (contents: inout Contents) throws(StoreError) in
            guard let app = contents.apps[identifier] else {
                throw StoreError(.appNotInstalled, "no app '\(identifier)' is installed")
            }
            contents.openedWithoutAsking[identifier] = always ? (app.bundle.codeFingerprint ?? "") : nil
        }
    }

    // MARK: Vocabulary

    /// Replaces one app's strings of one type (kept as given: the SQLite store applies Apple's rules).
    public func replaceVocabulary(_ strings: [String], type: INVocabularyStringType, app identifier: String) {
        contents.withLock { contents in
            contents.vocabulary.removeAll { $0.appIdentifier == identifier && $0.type == type }
            contents.vocabulary += strings.enumerated().map {
                VocabularyEntry(appIdentifier: identifier, type: type, position: $0.offset, phrase: $0.element)
            }
            contents.generation += 1
        }
    }

    public func vocabularyGeneration() throws(StoreError) -> Int {
        contents.withLock { $0.generation }
    }

    public func vocabulary() throws(StoreError) -> [VocabularyEntry] {
        contents.withLock { $0.vocabulary }
    }

    // MARK: Conversations

    public func conversationState(session: String) throws(StoreError) -> Data? {
        contents.withLock { $0.states[session] }
    }

    public func saveConversationState(_ state: Data?, session: String) throws(StoreError) {
        contents.withLock {
            $0.states[session] = state
            $0.saved[session] = state == nil ? nil : Date()
        }
    }

    public func keepConversations(sessions: [String]) throws(StoreError) {
        contents.withLock { contents in
            for session in sessions where contents.saved[session] != nil { contents.saved[session] = Date() }
        }
    }

    public func forgetConversations(prefix: String, untouchedSince cutoff: Date, keeping: [String]) throws(StoreError) -> Int {
        contents.withLock { contents in
            let old = contents.saved.filter { $0.key.hasPrefix(prefix) && $0.value < cutoff && !keeping.contains($0.key) }.map(\.key)
            for session in old {
                contents.states[session] = nil
                contents.saved[session] = nil
            }
            return old.count
        }
    }

    public func beginHandling(intentIdentifier: String, app: String, intent: String,
                              state: Data?, session: String, resending: Bool) throws(StoreError) -> Bool {
        contents.withLock { contents in
            switch contents.journal[intentIdentifier] {
            case .sent?, .finished?:
                guard resending else { return false }
            case .decided?:
                break
            case nil:
                contents.journal[intentIdentifier] = .decided(app: app, intent: intent, at: Date())
            }
            contents.states[session] = state
            contents.saved[session] = state == nil ? nil : Date()
            return true
        }
    }

    public func markHandleSent(intentIdentifier: String) throws(StoreError) {
        contents.withLock { contents in
            guard case let .decided(app, intent, _)? = contents.journal[intentIdentifier] else { return }
            contents.journal[intentIdentifier] = .sent(app: app, intent: intent, at: Date())
        }
    }

    public func finishHandling(intentIdentifier: String, response: String) throws(StoreError) {
        contents.withLock { contents in
            guard let entry = contents.journal[intentIdentifier] else { return }
            contents.journal[intentIdentifier] = .finished(app: entry.app, intent: entry.intent, response: response,
                                                           at: Date())
        }
    }

    public func journalEntry(intentIdentifier: String) throws(StoreError) -> JournalEntry? {
        contents.withLock { $0.journal[intentIdentifier] }
    }

    /// How many intents the journal holds.
    public func journalCount() -> Int {
        contents.withLock { $0.journal.count }
    }

    public func isSessionLocked() throws(StoreError) -> Bool {
        contents.withLock { $0.locked }
    }

    /// Locks or unlocks the session.
    public func setSessionLocked(_ locked: Bool) {
        contents.withLock { $0.locked = locked }
    }
}

import Foundation

/// What a conversation keeps durable: its state after every turn, the journal of intents handed to
/// handle (so none is handled twice), and whether the session is locked. Every write survives the
/// assistant's crash when the call returns, and a write that fails throws. Against a power cut, the
/// journal's `sent` mark is on disk when its call returns, and `finished` an instant after (the answer
/// does not wait for the disk: a power cut in between leaves the intent `sent`, told as not known and
/// never sent again by itself); the state and `decided` may be taken back by one, up to the last synced
/// write (they never need more: nothing was sent). `beginSending` writes `decided` and `sent` at once,
/// synced, for a request that leaves right away.
public protocol ConversationStore: Sendable {
    /// The saved state of a session's conversation, or nil when none is in progress.
    func conversationState(session: String) throws(StoreError) -> Data?
    /// Saves (or, with nil, forgets) a session's conversation.
    func saveConversationState(_ state: Data?, session: String) throws(StoreError)
    /// Records that handle is about to be called for an intent (`JournalEntry.decided`), and saves the
    /// session's state in the same transaction. An intent decided before but never sent is decided
    /// again. Returns false, changing nothing, when the intent was already sent: it must not be sent a
    /// second time, unless `resending` (the app answers a repeated handle from its own record).
    func beginHandling(intentIdentifier: String, app: String, intent: String,
                       state: Data?, session: String, resending: Bool) throws(StoreError) -> Bool
    /// Records that the handle request is being sent now (`JournalEntry.sent`). Called before the
    /// request leaves, so a crash after it is never mistaken for an intent that was not sent.
    func markHandleSent(intentIdentifier: String) throws(StoreError)
    /// `beginHandling` and `markHandleSent` at once: for a request that leaves right away (its extension is
    /// running), so nothing can come between the two. On disk when the call returns.
    func beginSending(intentIdentifier: String, app: String, intent: String,
                      state: Data?, session: String, resending: Bool) throws(StoreError) -> Bool
    /// Records the response handle gave for an intent.
    func finishHandling(intentIdentifier: String, response: String) throws(StoreError)
    /// What the journal holds for an intent, or nil when handle was never decided for it.
    func journalEntry(intentIdentifier: String) throws(StoreError) -> JournalEntry?
    /// Whether the session is locked.
    func isSessionLocked() throws(StoreError) -> Bool
    /// When the user wants messages read back before they are sent (`always`, `whenUnsure`, `never`); nil:
    /// never chosen.
    func messageReadBack() throws(StoreError) -> String?
    /// Forgets, for every user of the store, the saved conversations of sessions whose names start with `prefix`
    /// that nothing was saved to since `cutoff`, except the sessions `keeping` (and, where the store keeps them,
    /// their shown turns): a client that never ends its conversations does not grow the store for ever. The
    /// journal is not touched. Returns how many were forgotten.
    func forgetConversations(prefix: String, untouchedSince cutoff: Date, keeping: [String]) throws(StoreError) -> Int
    /// Marks the saved conversations of these sessions (any user's: a served conversation's session names hold a
    /// random id) as used now, changing nothing else, so that `forgetConversations` keeps them.
    func keepConversations(sessions: [String]) throws(StoreError)
}

extension ConversationStore {
    /// A store without settings: the default.
    public func messageReadBack() throws(StoreError) -> String? { nil }

    /// The two writes one after the other, for a store that has no single write for both.
    public func beginSending(intentIdentifier: String, app: String, intent: String,
                             state: Data?, session: String, resending: Bool) throws(StoreError) -> Bool {
        guard try beginHandling(intentIdentifier: intentIdentifier, app: app, intent: intent, state: state,
                                session: session, resending: resending) else { return false }
        try markHandleSent(intentIdentifier: intentIdentifier)
        return true
    }
}

import Foundation

/// What a conversation keeps durable: its state after every turn, the journal of intents handed to
/// handle (so none is handled twice), and whether the session is locked. Every write is durable when
/// the call returns, and a write that fails throws.
public protocol ConversationStore: Sendable {
    /// The saved state of a session's conversation, or nil when none is in progress.
    func conversationState(session: String) throws(StoreError) -> Data?
    /// Saves (or, with nil, forgets) a session's conversation.
    func saveConversationState(_ state: Data?, session: String) throws(StoreError)
    /// Records that handle is about to be called for an intent, and saves the session's state in the
    /// same transaction. Returns false, changing nothing, when the intent was already started.
    func beginHandling(intentIdentifier: String, app: String, intent: String,
                       state: Data?, session: String) throws(StoreError) -> Bool
    /// Records the response handle gave for an intent.
    func finishHandling(intentIdentifier: String, response: String) throws(StoreError)
    /// What the journal holds for an intent, or nil when handle was never called for it.
    func journalEntry(intentIdentifier: String) throws(StoreError) -> JournalEntry?
    /// Whether the assistant's session is locked.
    func isSessionLocked() throws(StoreError) -> Bool
}

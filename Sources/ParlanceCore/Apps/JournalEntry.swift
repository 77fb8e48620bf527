import Foundation

/// What the journal knows about one intent the assistant asked an extension to handle.
public enum JournalEntry: Sendable, Equatable {
    /// Handle was called and no answer was recorded: the work may or may not have happened.
    case started(app: String, intent: String, at: Date)
    /// Handle answered with this response (its JSON form).
    case finished(app: String, intent: String, response: String, at: Date)
}

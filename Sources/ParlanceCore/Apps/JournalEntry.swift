import Foundation

/// What the journal knows about one intent the assistant decided to hand to an extension's handle.
///
/// The three steps are recorded apart, so that after a crash the assistant knows which side of the
/// line it stopped on: an intent never sent may still be sent; one sent but unanswered may or may not
/// have been done, and is never claimed done.
public enum JournalEntry: Sendable, Equatable {
    /// The user's yes was given and handle was about to be called, but the request was never sent.
    case decided(app: String, intent: String, at: Date)
    /// The handle request was sent (or was being sent) and no answer was recorded: the work may or
    /// may not have happened.
    case sent(app: String, intent: String, at: Date)
    /// Handle answered with this response (its JSON form).
    case finished(app: String, intent: String, response: String, at: Date)

    /// The app the intent was for.
    public var app: String {
        switch self {
        case .decided(let app, _, _), .sent(let app, _, _), .finished(let app, _, _, _): return app
        }
    }

    /// The intent, in its JSON form.
    public var intent: String {
        switch self {
        case .decided(_, let intent, _), .sent(_, let intent, _), .finished(_, let intent, _, _): return intent
        }
    }
}

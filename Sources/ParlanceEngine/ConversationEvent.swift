import ParlanceCore
import ParlanceUnderstanding

/// Something that happened, for the conversation machine to decide on: what the user said (as
/// understanding read it), what an extension answered, a failure, a restart.
public enum ConversationEvent: Sendable, Equatable {
    /// A request, said while no question was pending.
    case request(UnderstoodRequest)
    /// "What can you do?"
    case discovery
    /// Understanding refused the text (empty, too long, an unsupported language), with its reason.
    case unreadable(reason: String)
    /// The answer to the pending question.
    case answer(Answer)
    /// An answer that understanding could not read for the pending question.
    case unclearAnswer
    /// The app's current ride identifier, or nil when it reports no ride.
    case rideFound(JSONValue?)
    /// The extension's resolution results, by parameter; a parameter missing here is one the
    /// extension does not resolve.
    case resolved([String: [ResolutionOutcome]])
    /// The extension's confirm response code and JSON form (both nil when it does not confirm).
    case confirmed(code: String?, response: JSONValue?)
    /// The extension handled the intent with this response code and JSON form.
    case handled(code: String, response: JSONValue)
    /// The extension failed before handle (resolve, confirm, finding the ride), or the intent could not be built.
    case extensionFailed(reason: String)
    /// The extension failed during handle.
    case handleFailed(reason: String)
    /// The journal says the intent was handed to handle before.
    case alreadyHandled
    /// The journal could not record the intent, so handle was not called.
    case journalFailed(reason: String)
    /// The task's app is no longer installed.
    case appMissing
    /// The assistant restarted with this state; the journal's entry for the task's intent, if any.
    case resumed(journal: JournalEntry?)
}

import ParlanceCore
import ParlancePresentation

/// What the conversation machine asks the engine to do. Each action that concerns a request carries
/// the request as it was when the action was decided, so the engine can present it after the
/// machine has moved on.
public enum ConversationAction: Sendable, Equatable {
    /// Ask the user; `repeated` after an answer that didn't fit, `resumed` after a restart.
    case ask(PendingQuestion, IntentTask, repeated: Bool, resumed: Bool)
    /// Record the user's decision about an app.
    case setPermission(AppPermission, app: String)
    /// Record that the user lets the app be opened without asking (the "always" to `openApp`).
    case openWithoutAsking(app: String)
    /// Make the app the domain's default: requests of the domain that name no app go to it (the user's yes
    /// to `makeDefault`).
    case preferApp(app: String, domain: String)
    /// Record that the domain's default was offered, so it is never offered again.
    case markDefaultOffered(domain: String)
    /// Ask the app for its current ride (answer with `rideFound`).
    case findRide(IntentTask)
    /// Ask the extension to resolve these parameters, in order (answer with `resolved`).
    case resolve([String], IntentTask)
    /// Ask the extension to confirm (answer with `confirmed`).
    case confirm(IntentTask)
    /// Journal the intent together with the machine's state, then ask the extension to handle it
    /// (answer with `handled`, `handleFailed`, `alreadyHandled` or `journalFailed`).
    case handle(IntentTask)
    /// Send handle again for an intent that was sent before a restart and never answered; the app
    /// declares that it answers a repeated intent identifier from its own record (answer as for `handle`).
    case resendHandle(IntentTask)
    /// The request ended without handle.
    case end(ConversationEnding, IntentTask)
    /// Tell the user what the app did.
    case report(ConversationReport, IntentTask)
    /// Tell the user something went wrong or can't be done.
    case tell(ConversationTrouble, IntentTask?)
    /// List what the apps can do.
    case discovery
}

/// What the app did with a request, as the machine decided to tell it.
public enum ConversationReport: Sendable, Equatable {
    /// Handle's result.
    case result(JSONValue)
    /// Handle goes on in the background; for a ride request, follow its status until it completes.
    case inProgress(JSONValue, followRide: Bool)
    /// The app takes over: open it with the response's user activity (the user agreed, now or for good).
    case handOff(JSONValue)
    /// The user would not have the app opened: its response is shown, nothing is opened.
    case notOpened(JSONValue)
    /// A result recorded before a restart.
    case recorded(JSONValue)
}

/// Why a request could not go on.
public enum ConversationTrouble: Sendable, Equatable {
    /// No installed app serves the request (or the named app can't).
    case cannotServe(namedApp: String?)
    /// Understanding refused the text.
    case unreadable(reason: String)
    /// The assistant stopped during handle; the outcome is unknown.
    case interrupted
    /// The intent was sent to handle before; it is not sent again.
    case alreadyHandled
    case notRecorded(reason: String)
    /// Handle failed; `reason` is the failure's kind (a `HostingError.Kind` name), told in plain words.
    case handleFailed(reason: String)
    /// A call to the extension failed; `reason` is the failure's kind, told in plain words.
    case extensionFailed(reason: String)
    case noRideToCancel
    case appMissing
    /// A value said that is no value of its kind ("-5 dollars"); it was not passed on.
    case valueRefused(RefusedValue)
    /// The user skipped a value the request can go without ("skip it"); it goes on without it.
    case valueSkipped
}

import ParlanceCore

/// Something the assistant tells the user outside a question or a result: that it can't help, that an
/// app failed, that it is waiting. The engine decides which; the presenter words it.
public enum Notice: Sendable, Equatable {
    /// No request was understood; `reason` says why when understanding refused the text (empty, too long).
    case notUnderstood(reason: String?)
    /// The request is none the installed apps serve; they serve these domains ("messaging", "rides"…).
    case cannotHelp(domains: [String])
    /// The named app can't do what was asked.
    case appCannot(app: String)
    /// The assistant stopped while the app was handling the request; whether it went through is unknown.
    case interrupted(app: String)
    /// The request was handed to handle before; it is not handed again.
    case alreadyHandled(app: String)
    /// The journal could not record the request, so it was not sent.
    case notRecorded(app: String, reason: String)
    /// The app takes a while to handle the request.
    case waiting(app: String)
    /// The app's extension stopped while the assistant followed a ride; it is being started again.
    case rideUpdatesInterrupted(app: String)
    /// The ride could not be followed any more.
    case rideUpdatesLost(app: String)
    /// The app failed during handle.
    case handleFailed(app: String, reason: String)
    /// "Cancel my ride", with no ride.
    case noRideToCancel(app: String)
    /// The app went away during the conversation.
    case appMissing(app: String?)
    /// The app's extension failed before handle (resolve or confirm).
    case extensionFailed(app: String, reason: String)
    /// A durable write failed after the user was answered.
    case notSaved(reason: String)
    /// A value said that is no value of its kind ("-5 dollars"); it was not passed to the app.
    case valueRefused(RefusedValue)
    /// The user skipped a value the request can go without; it goes on without it.
    case valueSkipped
}

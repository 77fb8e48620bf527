import ParlanceCore

/// How a conversation ended without the extension handling the intent.
public enum ConversationEnding: Sendable, Equatable {
    /// The user cancelled.
    case cancelled
    /// The user said no to the final confirmation.
    case declined
    /// The app may not work with the assistant.
    case permissionDenied(app: String)
    /// The user would not (or could not) unlock the session.
    case stayedLocked
    /// Too many unclear or unusable answers for this step (a parameter name, "app" or "confirmation").
    case gaveUp(step: String)
    /// The extension's confirm answered with a failure code (the response's JSON form).
    case confirmFailed(response: JSONValue)
    /// A request set aside at one of its questions was dropped for a newer one.
    case setAside
    /// The user did not make the app the domain's default (no to "Use MonkeyRide for rides from now on?").
    case defaultDeclined
}

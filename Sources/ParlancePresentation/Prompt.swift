import ParlanceCore

/// A question to put to the user, with everything its words need: the engine decides to ask, the
/// presenter says it.
public enum Prompt: Sendable, Equatable {
    /// Which app should do it (the apps' display names, in the order offered).
    case chooseApp(names: [String])
    /// May the app work with the assistant? With the app's usage description in the user's language,
    /// and the programs outside its bundle it runs (accepted at install with `--allow-outside-code`);
    /// `appChanged` when the user allowed it before and its code changed since.
    case permission(usage: String?, outsideCode: [String] = [], appChanged: Bool = false)
    /// The session is locked; unlock to continue.
    case unlock
    /// A value for a parameter; `current` is the value the app could not use, if any.
    case value(parameter: String, current: JSONValue?, reason: ValueRequest)
    /// A choice among values the extension offered.
    case choice(parameter: String, items: [JSONValue])
    /// Yes or no about one value.
    case confirmValue(parameter: String, value: JSONValue)
    /// Yes or no before the extension handles the intent, with what its confirm response carries.
    case confirmIntent(confirmResponse: JSONValue?)
    /// May the assistant open the app to finish the request? Yes, no or always; with the response (JSON
    /// form) that asked for the app, shown while the user decides.
    case openApp(response: JSONValue)
    /// Were these words (`text`) for the parameter meant as its value, or as a new request (or, with
    /// `assistant`, as a question for the assistant)? `request` is what that request would do, to name it.
    case valueOrRequest(parameter: String, text: String, assistant: Bool, request: RequestSummary? = nil)
    /// Should the request's app take the domain's ("rides") requests that name no app from now on? Yes or no.
    case makeDefault(domain: String)
}

import ParlanceCore
import ParlancePresentation

/// A question the assistant asked, with what it needs to apply the answer.
public enum PendingQuestion: Codable, Sendable, Equatable {
    /// Which app should do it; the options are app identifiers.
    case chooseApp(options: [String])
    /// May the app work with the assistant?
    case permission(app: String)
    /// The session is locked; unlock to continue.
    case unlock
    /// A value for a parameter (or one element of a list parameter).
    case value(parameter: String, element: Int?, reason: ValueRequest)
    /// A choice among values the extension offered.
    case choice(parameter: String, element: Int?, items: [JSONValue])
    /// Yes or no about one value.
    case confirmValue(parameter: String, element: Int?, value: JSONValue)
    /// Yes or no before the extension handles the intent.
    case confirmIntent
    /// Yes, no or always before the app is opened to finish the request (the extension answered with a
    /// hand-off code); with the extension's response (JSON form), for the hand-off or the refusal.
    case openApp(app: String, response: JSONValue)
    /// Words given for a message or a note that also read as something else: are they the value, or
    /// the other thing (a request, a question for the assistant)?
    case valueOrOther(parameter: String, element: Int?, value: JSONValue, other: OtherMeaning)
    /// After a request whose app the user chose among several: should that app take the domain's requests
    /// that name no app from now on ("Use MonkeyRide for rides from now on?")? Asked once per domain, ever;
    /// only a yes keeps it. The request is over when it is asked.
    case makeDefault(app: String, domain: String)

    /// Whether it is the offer to make an app the domain's default, asked after a request ended.
    public var isDefaultOffer: Bool {
        if case .makeDefault = self { return true }
        return false
    }

    /// The parameter the question is about, if any.
    public var parameter: String? {
        switch self {
        case .value(let parameter, _, _), .choice(let parameter, _, _), .confirmValue(let parameter, _, _),
             .valueOrOther(let parameter, _, _, _): return parameter
        case .chooseApp, .permission, .unlock, .confirmIntent, .openApp, .makeDefault: return nil
        }
    }
}

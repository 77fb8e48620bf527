import ExtensionWire
import Foundation
import Intents

/// The rules of docs/protocol.md that a well-formed reply can still break, each a distinct, clear
/// `protocolViolation`: the assistant refuses the answer instead of guessing what the app meant.
enum ProtocolRules {
    /// The most items a disambiguation may offer; the least is 2.
    static let maximumChoices = 10

    /// One entry per requested parameter, in order; `null` or results of the parameter's class, never
    /// an empty list; disambiguations with 2 to 10 items.
    static func check(_ resolutions: [ParameterResolution], requested: [String], of intent: INIntent,
                      app: String) throws(HostingError) {
        let names = resolutions.map(\.parameter)
        guard names == requested else {
            throw violation(app, "answered resolve for \(list(names)) when asked for \(list(requested))")
        }
        let parameters = IntentCatalog.intent(named: intent.intentName)?.parameters ?? []
        for resolution in resolutions {
            guard let results = resolution.results else { continue }
            // An empty list answers only a list parameter that holds no value.
            let isList = parameters.first { $0.name == resolution.parameter }?.isList ?? false
            guard !results.isEmpty || (isList && itemCount(of: resolution.parameter, in: intent) == 0) else {
                throw violation(app, "answered resolve for \(resolution.parameter) with an empty list; "
                                + "null leaves it unresolved, otherwise one result per value")
            }
            let expected = parameters.first { $0.name == resolution.parameter }?.resolutionResultType
            for wrapped in results {
                let result = wrapped.result
                let name = String(describing: type(of: result))
                if let expected, name != expected {
                    throw violation(app, "resolved \(resolution.parameter) with \(name); it takes \(expected)")
                }
                if result.kind == .disambiguation, let count = result.disambiguationItemCount,
                   count < 2 || count > maximumChoices {
                    throw violation(app, "offered \(count) choice\(count == 1 ? "" : "s") for \(resolution.parameter); "
                                    + "a disambiguation offers 2 to \(maximumChoices)")
                }
            }
        }
    }

    /// A confirm or handle response is of the intent's response class.
    static func check(_ response: INIntentResponse, to intent: INIntent, method: String, app: String) throws(HostingError) {
        guard let expected = IntentCatalog.intent(named: intent.intentName).map({ String(describing: $0.responseType) }),
              response.responseName != expected else { return }
        throw violation(app, "answered \(method) of \(intent.intentName) with \(response.responseName); it takes \(expected)")
    }

    /// How many values the intent holds for a list parameter (0 when it has none).
    private static func itemCount(of parameter: String, in intent: INIntent) -> Int {
        guard let data = try? IntentJSON.encode(AnyIntent(intent)),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let values = object["parameters"] as? [String: Any] else { return 0 }
        return (values[parameter] as? [Any])?.count ?? 0
    }

    private static func violation(_ app: String, _ what: String) -> HostingError {
        HostingError(.protocolViolation, app: app, "\(app)'s extension \(what) (docs/protocol.md)")
    }

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "nothing" : names.joined(separator: ", ")
    }
}

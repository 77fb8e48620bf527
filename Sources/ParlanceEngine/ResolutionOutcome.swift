import Foundation
import Intents
import ParlanceCore
import ParlanceHosting
import ParlancePresentation
import ParlanceUnderstanding

/// An extension's resolution result in the form the conversation reasons about: the outcome, the
/// value or the items, and the unsupported reason, read from the result's JSON form.
public struct ResolutionOutcome: Sendable, Equatable {
    public var kind: INIntentResolutionResult.Kind
    public var value: JSONValue?
    public var items: [JSONValue]
    public var reason: String?

    public init(kind: INIntentResolutionResult.Kind, value: JSONValue? = nil, items: [JSONValue] = [],
                reason: String? = nil) {
        self.kind = kind
        self.value = value
        self.items = items
        self.reason = reason
    }

    /// Reads a result through its JSON form.
    public init(_ result: INIntentResolutionResult) throws {
        let json = try JSONValueEncoder().encode(AnyResolutionResult(result)).objectValue ?? [:]
        self.init(kind: result.kind, value: json["value"], items: json["items"]?.arrayValue ?? [],
                  reason: json["reason"]?.stringValue)
    }
}

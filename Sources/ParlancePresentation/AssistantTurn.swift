import Foundation
import ParlanceCore

/// One thing the assistant says: the verbal form, the visual form and, for scripts and tests, what
/// it is about. `parlance chat --json` prints one per line (docs/cli.md).
public struct AssistantTurn: Codable, Sendable, Equatable {
    /// What kind of turn it is.
    public enum Kind: String, Codable, Sendable {
        /// The assistant waits for the user's answer.
        case question
        /// The extension handled the request (or handed it to the app).
        case result
        /// Work continues; more will follow (waiting, background progress, a ride status update).
        case progress
        /// Information that ends the conversation without a result (cancelled, declined, not allowed…).
        case notice
        /// Something failed; the message says what and what to do.
        case failure
    }

    public var kind: Kind
    /// The words, spoken in voice mode; complete on their own in voice mode.
    public var speech: String
    /// The card shown in visual mode; nil in voice mode.
    public var card: Card?
    /// The options of a choice question, in order.
    public var options: [String]
    /// The app's display name.
    public var app: String?
    /// The intent class.
    public var intent: String?
    /// The intent's parameters (JSON form) at this point.
    public var parameters: [String: JSONValue]?
    /// The extension's response code, for results and confirm failures.
    public var responseCode: String?
    /// Where in the conversation this is: "app", "permission", "unlock", "value:recipients",
    /// "choice:recipients", "confirmValue:recipients", "confirmIntent", "handled", "handoff", "cancelled"…
    public var step: String

    public init(kind: Kind, speech: String, card: Card? = nil, options: [String] = [], app: String? = nil,
                intent: String? = nil, parameters: [String: JSONValue]? = nil, responseCode: String? = nil,
                step: String) {
        self.kind = kind
        self.speech = speech
        self.card = card
        self.options = options
        self.app = app
        self.intent = intent
        self.parameters = parameters
        self.responseCode = responseCode
        self.step = step
    }
}

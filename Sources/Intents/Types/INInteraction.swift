import Foundation

/// An intent together with the response it got: what the assistant passes to the app (through
/// `NSUserActivity.interaction`) when the app continues a conversation.
public final class INInteraction: NSObject, Codable, @unchecked Sendable {
    /// The request.
    public let intent: INIntent
    /// The extension's answer, if there was one.
    public let intentResponse: INIntentResponse?
    /// Whether the interaction was started by the user or received.
    public var direction: INInteractionDirection = .unspecified
    /// When the interaction happened.
    public var dateInterval: DateInterval?
    /// A unique identifier of the interaction.
    public var identifier: String = UUID().uuidString
    /// An identifier grouping related interactions.
    public var groupIdentifier: String?

    /// An interaction from an intent and its response.
    public init(intent: INIntent, response: INIntentResponse?) {
        self.intent = intent
        self.intentResponse = response
        super.init()
    }

    /// How far handling got, read from the response's code.
    public var intentHandlingStatus: INIntentHandlingStatus {
        guard let code = intentResponse?.codeName else { return .unspecified }
        switch code {
        case "ready": return .ready
        case "inProgress": return .inProgress
        case "success": return .success
        case "continueInApp", "handleInApp": return .deferredToApplication
        case "userConfirmationRequired": return .userConfirmationRequired
        case _ where code.hasPrefix("failure"): return .failure
        default: return .unspecified
        }
    }

    /// Donating interactions feeds the system's suggestions, which Parlance does not have: the
    /// completion receives `INIntentError.Code.interactionOperationNotSupported`.
    public func donate(completion: (@Sendable ((any Error)?) -> Void)? = nil) {
        completion?(INIntentError(.interactionOperationNotSupported))
    }

    /// Donating interactions is not supported by Parlance; always throws `interactionOperationNotSupported`.
    public func donate() async throws {
        throw INIntentError(.interactionOperationNotSupported)
    }

    /// Deleting donations: there are none to delete; the completion receives no error.
    public class func deleteAll(completion: (@Sendable ((any Error)?) -> Void)? = nil) { completion?(nil) }
    /// Deleting donations: there are none to delete.
    public class func deleteAll() async throws {}
    /// Deleting donations: there are none to delete; the completion receives no error.
    public class func delete(with identifiers: [String], completion: (@Sendable ((any Error)?) -> Void)? = nil) {
        completion?(nil)
    }
    /// Deleting donations: there are none to delete; the completion receives no error.
    public class func delete(with groupIdentifier: String, completion: (@Sendable ((any Error)?) -> Void)? = nil) {
        completion?(nil)
    }

    // MARK: JSON

    private enum CodingKeys: String, CodingKey {
        case intent, intentResponse, direction, start, end, identifier, groupIdentifier
    }

    /// Decodes the interaction from its JSON form.
    public required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        intent = try c.decode(AnyIntent.self, forKey: .intent).intent
        intentResponse = try c.decodeIfPresent(AnyIntentResponse.self, forKey: .intentResponse)?.response
        direction = try c.decodeIfPresent(INInteractionDirection.self, forKey: .direction) ?? .unspecified
        if let start = try c.decodeWireDate(forKey: .start) {
            let end = try c.decodeWireDate(forKey: .end) ?? start
            guard end >= start else {
                throw DecodingError.dataCorruptedError(forKey: .end, in: c, debugDescription: "'end' is before 'start'")
            }
            dateInterval = DateInterval(start: start, end: end)
        }
        identifier = try c.decodeIfPresent(String.self, forKey: .identifier) ?? UUID().uuidString
        groupIdentifier = try c.decodeIfPresent(String.self, forKey: .groupIdentifier)
        super.init()
    }

    /// Encodes the interaction in its JSON form.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(AnyIntent(intent), forKey: .intent)
        try c.encodeIfPresent(intentResponse.map(AnyIntentResponse.init), forKey: .intentResponse)
        if direction != .unspecified { try c.encode(direction, forKey: .direction) }
        try c.encodeWireDate(dateInterval?.start, forKey: .start)
        try c.encodeWireDate(dateInterval?.end, forKey: .end)
        try c.encode(identifier, forKey: .identifier)
        try c.encodeIfPresent(groupIdentifier, forKey: .groupIdentifier)
    }
}

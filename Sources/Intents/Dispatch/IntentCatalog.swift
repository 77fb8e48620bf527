import Foundation

/// The intents Parlance knows, with what the assistant needs to know about each.
public enum IntentCatalog {
    /// The description of the intent with this class name, if Parlance knows it.
    public static func intent(named name: String) -> IntentDescription? {
        byName[name]
    }

    /// The known intent name closest to a misspelled one ("INSendMesageIntent" → "INSendMessageIntent").
    public static func suggestion(for name: String) -> String? {
        Suggestion.closest(to: name, in: all.map(\.name))
    }

    private static let byName: [String: IntentDescription] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.name, $0) })
}

/// One intent class: its domain, its response class and the parameters the assistant resolves.
public struct IntentDescription: Sendable {
    /// The groups of related intents.
    public enum Domain: String, Sendable, CaseIterable, Codable {
        case messaging, calls, payments, rides, workouts, photos
        /// Restaurant reservations: a maps client's intents (Maps only in iOS 10).
        case restaurants
    }

    /// The class name ("INSendMessageIntent").
    public let name: String
    /// The domain it belongs to.
    public let domain: Domain
    /// The verb in its iOS 10 handler names ("sendMessage").
    public let verb: String
    /// The intent class.
    public let intentType: INIntent.Type
    /// The response class.
    public let responseType: INIntentResponse.Type
    /// An intent of this class with no values yet (for asking a handler provider which intents it serves).
    public let makeEmpty: @Sendable () -> INIntent

    /// The parameters the assistant resolves, in the order it resolves them.
    public var parameters: [IntentParameterDescription] { intentType.parameterDescriptions }

    /// Every property of the intent ("recipients", "content", "serviceName"…), resolvable or not:
    /// the names an app's vocabulary file may use in `ParameterNames` ("INSendMessageIntent.recipients").
    public var propertyNames: [String] { intentType.propertyNames }
}

/// A parameter of an intent that an extension can resolve.
public struct IntentParameterDescription: Sendable, Equatable {
    /// The property name ("recipients").
    public let name: String
    /// The Swift type of one value ("INPerson").
    public let valueType: String
    /// Whether the parameter holds a list (each item is resolved).
    public let isList: Bool
    /// The class of its resolution results ("INSendMessageRecipientResolutionResult").
    public let resolutionResultType: String
    /// For a deprecated parameter: the newer parameter it stands for (resolve it only when the newer one is not).
    public let deprecatedAliasOf: String?
}

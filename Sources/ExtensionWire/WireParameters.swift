import Intents
import IntentsUI

/// `initialize` parameters: the assistant's protocol version and the user's language.
public struct InitializeParams: Codable, Sendable, Equatable {
    /// The protocol version the assistant speaks.
    public var protocolVersion: Int
    /// The assistant's name and version, for the extension's logs.
    public var client: String
    /// The user's language as a BCP 47 tag ("en-US"), when known.
    public var language: String?
    /// How often, in milliseconds, a running `handle` sends `$/progress`; nil for the extension's default (1000).
    public var progressIntervalMilliseconds: Int?

    public init(protocolVersion: Int = WireProtocol.version, client: String, language: String? = nil,
                progressIntervalMilliseconds: Int? = nil) {
        self.protocolVersion = protocolVersion
        self.client = client
        self.language = language
        self.progressIntervalMilliseconds = progressIntervalMilliseconds
    }
}

/// `initialize` result: the extension's protocol version and the intents it has handlers for.
public struct InitializeResult: Codable, Sendable, Equatable {
    /// The protocol version the extension speaks.
    public var protocolVersion: Int
    /// Class names of the intents for which `handler(for:)` returns a handler.
    public var intents: [String]

    public init(protocolVersion: Int = WireProtocol.version, intents: [String]) {
        self.protocolVersion = protocolVersion
        self.intents = intents
    }
}

/// `resolve` parameters: an intent and the parameters to resolve, in order.
public struct ResolveParams: Codable, Sendable {
    /// The intent as the assistant understood it so far.
    public var intent: AnyIntent
    /// Names of the parameters to resolve ("recipients", "content").
    public var parameters: [String]

    public init(intent: INIntent, parameters: [String]) {
        self.intent = AnyIntent(intent)
        self.parameters = parameters
    }
}

/// `resolve` result: one entry per requested parameter, in the requested order.
public struct ResolveResult: Codable, Sendable {
    /// The resolutions.
    public var resolutions: [ParameterResolution]
    /// False when the handler that resolved the intent is known not to implement confirm: the assistant
    /// then sends no confirm for this intent. Absent when not known (and from extensions before it).
    public var confirmImplemented: Bool?

    public init(resolutions: [ParameterResolution], confirmImplemented: Bool? = nil) {
        self.resolutions = resolutions
        self.confirmImplemented = confirmImplemented
    }
}

/// How one parameter resolved: nil results mean the handler does not resolve that parameter.
public struct ParameterResolution: Codable, Sendable {
    /// The parameter's name.
    public var parameter: String
    /// One result, one per item of a list parameter, or nil (JSON null) when not implemented.
    public var results: [AnyResolutionResult]?

    public init(parameter: String, results: [INIntentResolutionResult]?) {
        self.parameter = parameter
        self.results = results?.map(AnyResolutionResult.init)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(parameter, forKey: .parameter)
        try container.encode(results, forKey: .results)
    }
}

/// Parameters of `confirm`, `handle`, `updates/start` and `updates/stop`: the intent.
public struct IntentParams: Codable, Sendable {
    /// The intent.
    public var intent: AnyIntent

    public init(intent: INIntent) {
        self.intent = AnyIntent(intent)
    }
}

/// Result of `confirm` (response may be null: the handler does not confirm) and of `handle`.
public struct ResponseResult: Codable, Sendable {
    /// The handler's response, or nil when it does not implement confirm.
    public var response: AnyIntentResponse?

    public init(response: INIntentResponse?) {
        self.response = response.map(AnyIntentResponse.init)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(response, forKey: .response)
    }
}

/// Result of `updates/start` and `updates/stop`: whether the handler implements the method.
public struct UpdatesResult: Codable, Sendable, Equatable {
    /// False when the handler implements no spelling of the method.
    public var implemented: Bool

    public init(implemented: Bool) {
        self.implemented = implemented
    }
}

/// The `$/progress` notification: the request `id` is still being handled.
public struct ProgressParams: Codable, Sendable, Equatable {
    /// The id of the `handle` request still running.
    public var id: WireRequestID
    /// Milliseconds since the request arrived.
    public var elapsedMilliseconds: Int

    public init(id: WireRequestID, elapsedMilliseconds: Int) {
        self.id = id
        self.elapsedMilliseconds = elapsedMilliseconds
    }
}

/// The `updates/response` notification: a new status for the ride intent with this identifier.
public struct UpdateParams: Codable, Sendable {
    /// The identifier of the `INGetRideStatusIntent` given to `updates/start`.
    public var intentIdentifier: String?
    /// The new status.
    public var response: AnyIntentResponse

    public init(intentIdentifier: String?, response: INIntentResponse) {
        self.intentIdentifier = intentIdentifier
        self.response = AnyIntentResponse(response)
    }
}

/// `ui/configure` parameters: the interaction to show and where.
public struct ConfigureViewParams: Codable, Sendable {
    public var interaction: UncheckedInteraction
    public var context: INUIHostedViewContext
    /// The language of the conversation ("fr", "ja"), which `INPreferences.siriLanguageCode()` returns
    /// while the view is configured; absent means the extension's own locale.
    public var language: String?

    public init(interaction: INInteraction, context: INUIHostedViewContext, language: String? = nil) {
        self.interaction = UncheckedInteraction(interaction)
        self.context = context
        self.language = language
    }
}

/// An interaction carried through the protocol (the SDK's classes are not `Sendable`-checked).
public struct UncheckedInteraction: Codable, @unchecked Sendable {
    public let interaction: INInteraction
    public init(_ interaction: INInteraction) { self.interaction = interaction }
    public init(from decoder: any Decoder) throws { interaction = try INInteraction(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try interaction.encode(to: encoder) }
}

/// `ui/configure` result: the view, or null for the assistant's default view.
public struct ConfigureViewResult: Codable, Sendable {
    public var view: INUIView?

    public init(view: INUIView?) {
        self.view = view
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(view, forKey: .view)
    }

    private enum CodingKeys: String, CodingKey { case view }
}

import ParlanceCore

/// What understanding made of one request: the app, the intent and its parameters, as
/// `parlance parse --json` prints it (docs/cli.md).
public struct UnderstoodRequest: Sendable, Codable, Equatable {
    /// Another reading of the request, less likely than the chosen one.
    public struct Alternative: Sendable, Codable, Equatable {
        public var app: String?
        public var intent: String
        public var confidence: Double
    }

    /// The request as given.
    public var text: String
    /// The language it was understood in.
    public var language: String
    /// The app the request names (or that a scope decision kept); nil when it names none, even when
    /// only one installed app could serve: `candidateApps` lists those, and the conversation asks.
    public var app: String?
    /// The intent class, or nil when no installed app can serve the request (or the named app cannot).
    public var intent: String?
    /// The intent's parameters in the SDK's JSON form, by property name.
    public var parameters: [String: JSONValue]
    /// How sure understanding is of the intent, 0–1.
    public var confidence: Double
    /// Other intents it could be, most likely first.
    public var alternatives: [Alternative]

    /// The app the user named, whether or not it supports the intent.
    public var namedApp: String? { appWasNamed ? app : nil }
    /// Installed apps that could serve the intent, when the request named none.
    public var candidateApps: [String] = []
    /// Whether the user named the app (`app` is then the named one).
    public var appWasNamed = false
    /// Which recogniser decided (`UnderstandingPolicy.chain`).
    public var recognizer: Recognizer = .model
    /// Words of the request that no parameter took and that are no words of the language's phrasing
    /// ("Bobo" in "call Bobo" when no person was read), as written: how `parlance lint` tells that an
    /// app's example request shows a value that understanding drops.
    public var unreadWords: [String] = []
    /// Values said that are no values of their kind ("-5 dollars"): left out of `parameters`, for the
    /// conversation to say why and ask again.
    public var refusedValues: [RefusedValue] = []

    private enum CodingKeys: String, CodingKey {
        case text, language, app, intent, parameters, confidence, alternatives, candidateApps, recognizer, refusedValues
    }

    public init(text: String, language: String, app: String?, intent: String?, parameters: [String: JSONValue],
                confidence: Double, alternatives: [Alternative]) {
        self.text = text
        self.language = language
        self.app = app
        self.intent = intent
        self.parameters = parameters
        self.confidence = confidence
        self.alternatives = alternatives
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        language = try container.decode(String.self, forKey: .language)
        app = try container.decodeIfPresent(String.self, forKey: .app)
        intent = try container.decodeIfPresent(String.self, forKey: .intent)
        parameters = try container.decode([String: JSONValue].self, forKey: .parameters)
        confidence = try container.decode(Double.self, forKey: .confidence)
        alternatives = try container.decode([Alternative].self, forKey: .alternatives)
        candidateApps = try container.decodeIfPresent([String].self, forKey: .candidateApps) ?? []
        recognizer = try container.decodeIfPresent(Recognizer.self, forKey: .recognizer) ?? .model
        refusedValues = try container.decodeIfPresent([RefusedValue].self, forKey: .refusedValues) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(language, forKey: .language)
        try container.encode(app, forKey: .app)
        try container.encode(intent, forKey: .intent)
        try container.encode(parameters, forKey: .parameters)
        try container.encode((confidence * 1000).rounded() / 1000, forKey: .confidence)
        try container.encode(alternatives, forKey: .alternatives)
        try container.encode(candidateApps, forKey: .candidateApps)
        try container.encode(recognizer, forKey: .recognizer)
        if !refusedValues.isEmpty { try container.encode(refusedValues, forKey: .refusedValues) }
    }
}

import Foundation

/// Reads and writes intents, responses and resolution results in their JSON form (docs/intents-json.md),
/// choosing the concrete class from the name the JSON carries.
public enum IntentJSON {
    /// The JSON of any SDK object, keys sorted.
    public static func encode(_ value: some Encodable) throws -> Data {
        try WireObject.sharedEncoder.encode(value)
    }

    /// An intent of whatever class its `intent` key names.
    public static func decodeIntent(from data: Data) throws -> INIntent {
        try WireObject.sharedDecoder.decode(AnyIntent.self, from: data).intent
    }

    /// A response of whatever class its `response` key names.
    public static func decodeResponse(from data: Data) throws -> INIntentResponse {
        try WireObject.sharedDecoder.decode(AnyIntentResponse.self, from: data).response
    }

    /// A resolution result of whatever class its `result` key names.
    public static func decodeResolutionResult(from data: Data) throws -> INIntentResolutionResult {
        try WireObject.sharedDecoder.decode(AnyResolutionResult.self, from: data).result
    }

    static func className(in decoder: any Decoder, key: String, kind: String) throws -> String {
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        let codingKey = AnyCodingKey(stringValue: key)
        guard c.contains(codingKey) else {
            throw DecodingError.keyNotFound(codingKey, .init(codingPath: c.codingPath,
                debugDescription: "a \(kind) needs '\(key)' naming its class"))
        }
        return try c.decode(String.self, forKey: codingKey)
    }

    static func unknownClass(_ name: String, kind: String, known: [String], in decoder: any Decoder) -> DecodingError {
        let article = kind.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        var message = "'\(name)' is not \(article) \(kind) Parlance knows"
        if let suggestion = Suggestion.closest(to: name, in: known) { message += "; did you mean '\(suggestion)'?" }
        return DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: message))
    }
}

/// Any intent, for embedding in other Codable values: decodes to the class its JSON names.
public struct AnyIntent: Codable, Sendable {
    /// The intent.
    public let intent: INIntent

    /// Wraps an intent.
    public init(_ intent: INIntent) { self.intent = intent }

    /// Decodes the intent class named by the `intent` key.
    public init(from decoder: any Decoder) throws {
        let name = try IntentJSON.className(in: decoder, key: "intent", kind: "intent")
        guard let type = IntentCatalog.intent(named: name)?.intentType else {
            throw IntentJSON.unknownClass(name, kind: "intent", known: IntentCatalog.all.map(\.name), in: decoder)
        }
        intent = try type.init(from: decoder)
    }

    /// Encodes the intent.
    public func encode(to encoder: any Encoder) throws { try intent.encode(to: encoder) }
}

/// Any intent response: decodes to the class its JSON names.
public struct AnyIntentResponse: Codable, Sendable {
    /// The response.
    public let response: INIntentResponse

    /// Wraps a response.
    public init(_ response: INIntentResponse) { self.response = response }

    /// Decodes the response class named by the `response` key.
    public init(from decoder: any Decoder) throws {
        let name = try IntentJSON.className(in: decoder, key: "response", kind: "response")
        guard let type = IntentCatalog.all.first(where: { $0.name + "Response" == name })?.responseType else {
            throw IntentJSON.unknownClass(name, kind: "response", known: IntentCatalog.all.map { $0.name + "Response" },
                                          in: decoder)
        }
        response = try type.init(from: decoder)
    }

    /// Encodes the response.
    public func encode(to encoder: any Encoder) throws { try response.encode(to: encoder) }
}

/// Any resolution result: decodes to the class its JSON names.
public struct AnyResolutionResult: Codable, Sendable {
    /// The result.
    public let result: INIntentResolutionResult

    /// Wraps a result.
    public init(_ result: INIntentResolutionResult) { self.result = result }

    /// Decodes the result class named by the `result` key.
    public init(from decoder: any Decoder) throws {
        let name = try IntentJSON.className(in: decoder, key: "result", kind: "resolution result")
        guard let type = IntentCatalog.resolutionResultTypes[name] else {
            throw IntentJSON.unknownClass(name, kind: "resolution result",
                                          known: Array(IntentCatalog.resolutionResultTypes.keys), in: decoder)
        }
        result = try type.init(from: decoder)
    }

    /// Encodes the result.
    public func encode(to encoder: any Encoder) throws { try result.encode(to: encoder) }
}

// The direct JSON form of the wrapped objects (`JSONTree`), for the classes the SDK declares.

extension AnyIntent: JSONTreeEncodable, JSONTreeDecodable {
    package func jsonTree() throws -> IntentJSON.Value {
        try JSONTree.object(of: intent)
    }

    package static func fromJSONTree(_ value: IntentJSON.Value) throws -> AnyIntent {
        let root = try JSONTree.object(value)
        guard case .string(let name)? = root["intent"], let type = IntentCatalog.intent(named: name)?.intentType else {
            throw JSONTree.Unsupported()
        }
        return AnyIntent(try type.fromJSONTree(root))
    }
}

extension AnyIntentResponse: JSONTreeEncodable, JSONTreeDecodable {
    package func jsonTree() throws -> IntentJSON.Value {
        try JSONTree.object(of: response)
    }

    package static func fromJSONTree(_ value: IntentJSON.Value) throws -> AnyIntentResponse {
        let root = try JSONTree.object(value)
        guard case .string(let name)? = root["response"], name.hasSuffix("Response"),
              let type = IntentCatalog.intent(named: String(name.dropLast("Response".count)))?.responseType else {
            throw JSONTree.Unsupported()
        }
        return AnyIntentResponse(try type.fromJSONTree(root))
    }
}

extension INIntent: JSONTreeObject {}
extension INIntentResponse: JSONTreeObject {}
extension INIntentResolutionResult: JSONTreeObject {}

extension AnyResolutionResult: JSONTreeEncodable, JSONTreeDecodable {
    package func jsonTree() throws -> IntentJSON.Value {
        try JSONTree.object(of: result)
    }

    package static func fromJSONTree(_ value: IntentJSON.Value) throws -> AnyResolutionResult {
        let root = try JSONTree.object(value)
        guard case .string(let name)? = root["result"], let type = IntentCatalog.resolutionResultTypes[name] else {
            throw JSONTree.Unsupported()
        }
        return AnyResolutionResult(try type.fromJSONTree(root))
    }
}

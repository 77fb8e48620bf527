import Foundation

/// A request or notification as the extension receives it, its parameters decoded for its method.
/// Bad parameters do not make decoding fail: they become `.invalidParams`, so the reply keeps its id.
public struct WireRequest: Decodable, Sendable {
    /// What the request asks, with typed parameters.
    public enum Call: Sendable {
        case initialize(InitializeParams)
        case resolve(ResolveParams)
        case confirm(IntentParams)
        case handle(IntentParams)
        case startUpdates(IntentParams)
        case stopUpdates(IntentParams)
        case configureView(ConfigureViewParams)
        case shutdown
        /// A method this version does not know.
        case unknown(method: String)
        /// A known method whose parameters could not be read; the message says why.
        case invalidParams(method: String, message: String)
    }

    /// The id to reply with; nil for a notification, which gets no reply.
    public let id: WireRequestID?
    /// The call.
    public let call: Call

    private enum CodingKeys: String, CodingKey { case jsonrpc, id, method, params }

    init(id: WireRequestID?, call: Call) {
        self.id = id
        self.call = call
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decodeIfPresent(String.self, forKey: .jsonrpc)
        guard version == "2.0" else {
            throw DecodingError.dataCorruptedError(forKey: .jsonrpc, in: container,
                                                   debugDescription: "\"jsonrpc\" must be \"2.0\"")
        }
        id = try container.decodeIfPresent(WireRequestID.self, forKey: .id)
        let method = try container.decode(String.self, forKey: .method)
        guard let known = WireMethod(rawValue: method) else {
            call = .unknown(method: method)
            return
        }
        do {
            call = try Self.call(known, params: container)
        } catch {
            call = .invalidParams(method: method, message: WireDecodingMessage.describe(error))
        }
    }

    private static func call(_ method: WireMethod, params c: KeyedDecodingContainer<CodingKeys>) throws -> Call {
        switch method {
        case .initialize: return .initialize(try c.decode(InitializeParams.self, forKey: .params))
        case .resolve: return .resolve(try c.decode(ResolveParams.self, forKey: .params))
        case .confirm: return .confirm(try c.decode(IntentParams.self, forKey: .params))
        case .handle: return .handle(try c.decode(IntentParams.self, forKey: .params))
        case .startUpdates: return .startUpdates(try c.decode(IntentParams.self, forKey: .params))
        case .stopUpdates: return .stopUpdates(try c.decode(IntentParams.self, forKey: .params))
        case .configureView: return .configureView(try c.decode(ConfigureViewParams.self, forKey: .params))
        case .shutdown: return .shutdown
        case .progress, .update: return .unknown(method: method.rawValue)
        }
    }
}

/// A request as the assistant sends it.
public struct OutgoingRequest<Params: Encodable & Sendable>: Encodable, Sendable {
    public let jsonrpc = "2.0"
    /// The request id; replies carry it back.
    public let id: Int
    /// The method's name.
    public let method: String
    /// The parameters.
    public let params: Params

    public init(id: Int, method: WireMethod, params: Params) {
        self.id = id
        self.method = method.rawValue
        self.params = params
    }
}

/// Parameters of a method that takes none: encodes as `{}`.
public struct NoParams: Codable, Sendable, Equatable {
    public init() {}
}

import Foundation

/// The error object of a failed request.
public struct WireErrorObject: Codable, Sendable, Equatable, Error {
    /// A `WireErrorCode` value, or another code the extension chose.
    public var code: Int
    /// What went wrong, for people.
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public init(_ code: WireErrorCode, _ message: String) {
        self.init(code: code.rawValue, message: message)
    }
}

/// A successful reply, as the extension sends it.
public struct SuccessReply<Result: Encodable & Sendable>: Encodable, Sendable {
    public let jsonrpc = "2.0"
    public let id: WireRequestID
    public let result: Result

    public init(id: WireRequestID, result: Result) {
        self.id = id
        self.result = result
    }
}

/// A failed reply; `id` is null when the request's id could not be read.
public struct ErrorReply: Encodable, Sendable {
    public let jsonrpc = "2.0"
    public let id: WireRequestID?
    public let error: WireErrorObject

    public init(id: WireRequestID?, error: WireErrorObject) {
        self.id = id
        self.error = error
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(jsonrpc, forKey: .jsonrpc)
        try container.encode(id, forKey: .id)
        try container.encode(error, forKey: .error)
    }

    private enum CodingKeys: String, CodingKey { case jsonrpc, id, error }
}

/// A notification (no id, no reply), either direction.
public struct OutgoingNotification<Params: Encodable & Sendable>: Encodable, Sendable {
    public let jsonrpc = "2.0"
    public let method: String
    public let params: Params

    public init(method: WireMethod, params: Params) {
        self.method = method.rawValue
        self.params = params
    }
}

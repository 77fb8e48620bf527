import Foundation

/// The first look the assistant takes at a line from an extension: a reply (by id) or a notification
/// (by method). The typed result is decoded afterwards, by whoever waits for that id.
public struct IncomingMessage: Decodable, Sendable {
    /// The kinds of message an extension sends.
    public enum Kind: Sendable {
        /// A reply to the request with this id.
        case reply(id: Int)
        /// A notification.
        case notification(method: String)
        /// An error reply that could not be tied to a request (id null): the extension could not read a line.
        case orphanError(WireErrorObject)
    }

    /// What the line is.
    public let kind: Kind
    /// The error, for a failed reply.
    public let error: WireErrorObject?

    private enum CodingKeys: String, CodingKey { case jsonrpc, id, method, result, error }

    init(kind: Kind, error: WireErrorObject?) {
        self.kind = kind
        self.error = error
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard try c.decodeIfPresent(String.self, forKey: .jsonrpc) == "2.0" else {
            throw DecodingError.dataCorruptedError(forKey: .jsonrpc, in: c, debugDescription: "\"jsonrpc\" must be \"2.0\"")
        }
        error = try c.decodeIfPresent(WireErrorObject.self, forKey: .error)
        if let method = try c.decodeIfPresent(String.self, forKey: .method) {
            kind = .notification(method: method)
        } else if let id = try c.decodeIfPresent(Int.self, forKey: .id) {
            guard error != nil || c.contains(.result) else {
                throw DecodingError.keyNotFound(CodingKeys.result, .init(codingPath: [],
                    debugDescription: "a reply needs \"result\" or \"error\""))
            }
            kind = .reply(id: id)
        } else if let error {
            kind = .orphanError(error)
        } else {
            throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: [],
                debugDescription: "a message needs \"id\" (a reply) or \"method\" (a notification)"))
        }
    }
}

/// The typed `result` of a reply.
public struct ReplyResult<Result: Decodable & Sendable>: Decodable, Sendable {
    /// The result.
    public let result: Result
}

/// The typed `params` of a notification.
public struct NotificationParams<Params: Decodable & Sendable>: Decodable, Sendable {
    /// The parameters.
    public let params: Params
}

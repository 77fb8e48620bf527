import Foundation
import Hummingbird

/// Reads a request's JSON body with the limits and errors the API promises: a size limit (413), UTF-8
/// (400), JSON (400), the right fields and types (422), each with a message that names the problem.
enum RequestBody {
    /// Decodes the body as `Value`; an empty body decodes as `{}` when `Value` allows it.
    static func decode<Value: Decodable>(_ type: Value.Type, from request: Request, limit: Int) async throws -> Value {
        var request = request
        if let contentType = request.headers[.contentType], !contentType.lowercased().hasPrefix("application/json") {
            throw APIError(.unsupportedMediaType, code: "unsupportedMediaType",
                           "send the body as application/json (it was \(contentType))")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch {
            throw APIError(.contentTooLarge, code: "tooLarge", "the body is larger than \(limit) bytes")
        }
        var bytes = Array(buffer.readableBytesView)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { bytes = Array("{}".utf8) }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw APIError.badRequest("invalidUTF8", "the body is not valid UTF-8 text")
        }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw describe(error)
        }
    }

    private static func describe(_ error: DecodingError) -> APIError {
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "the body" : "\"" + keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".") + "\""
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return .badRequest("invalidJSON", "the body is not valid JSON")
        case .dataCorrupted(let context):
            return .unprocessable("invalidValue", "\(path(context.codingPath)): \(context.debugDescription)")
        case .keyNotFound(let key, let context):
            return .unprocessable("missingField", "\(path(context.codingPath + [key])) is required")
        case .typeMismatch(let type, let context):
            return .unprocessable("wrongType", "\(path(context.codingPath)) must be \(describe(type))")
        case .valueNotFound(let type, let context):
            return .unprocessable("wrongType", "\(path(context.codingPath)) must be \(describe(type)), not null")
        @unknown default:
            return .badRequest("invalidJSON", "the body could not be read")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "\(type)".hasPrefix("Dictionary") ? "an object" : "\(type)".hasPrefix("Array") ? "a list" : "another type"
        }
    }
}

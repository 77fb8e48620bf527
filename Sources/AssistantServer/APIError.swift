import Foundation
import Hummingbird

/// An error the API answers with: an HTTP status and `{"error": {"code", "message"}}`. Every failure of
/// a request ends as one of these (docs/server.md › Errors), rendered in one place.
public struct APIError: Error, Sendable, HTTPResponseError {
    public let status: HTTPResponse.Status
    /// A stable, machine-readable name ("notFound", "invalidJSON"…).
    public let code: String
    /// What went wrong and what to do, for a person.
    public let message: String

    public init(_ status: HTTPResponse.Status, code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    static func badRequest(_ code: String, _ message: String) -> APIError { APIError(.badRequest, code: code, message) }
    static func notFound(_ message: String) -> APIError { APIError(.notFound, code: "notFound", message) }
    static func conflict(_ message: String) -> APIError { APIError(.conflict, code: "conflict", message) }
    static func unprocessable(_ code: String, _ message: String) -> APIError {
        APIError(.unprocessableContent, code: code, message)
    }
    static func internalError(_ message: String) -> APIError { APIError(.internalServerError, code: "internal", message) }

    private struct Body: Encodable {
        struct Detail: Encodable { let code: String; let message: String }
        let error: Detail
    }

    /// The JSON body.
    var body: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(Body(error: .init(code: code, message: message))))
            ?? Data(#"{"error":{"code":"internal","message":"the error could not be encoded"}}"#.utf8)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

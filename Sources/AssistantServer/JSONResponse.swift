import Foundation
import Hummingbird

/// A JSON answer in the API's one encoding (sorted keys, slashes kept), so bodies are stable for tests.
struct JSONResponse<Value: Encodable & Sendable>: ResponseGenerator {
    let value: Value
    var status: HTTPResponse.Status = .ok
    var extraHeaders = HTTPFields()

    init(_ value: Value, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) {
        self.value = value
        self.status = status
        self.extraHeaders = headers
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw APIError.internalError("the answer could not be encoded: \(error)")
        }
        var headers = extraHeaders
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

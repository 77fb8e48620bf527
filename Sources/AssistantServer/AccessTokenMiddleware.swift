import Foundation
import Hummingbird

/// Lets in only requests that carry the server's access token, when it has one: `Authorization: Bearer
/// TOKEN`, or (for the WebSocket, which a browser cannot give headers) a `token` query item. The web
/// page itself, its files and `/healthz` are open: the page asks for the token.
struct AccessTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token, request.uri.path.hasPrefix("/v1/") || request.uri.path == "/v1" else {
            return try await next(request, context)
        }
        let bearer = request.headers[.authorization].flatMap { value -> Substring? in
            let parts = value.split(separator: " ", maxSplits: 1)
            return parts.count == 2 && parts[0].lowercased() == "bearer" ? parts[1] : nil
        }
        let given = bearer.map(String.init) ?? request.uri.queryParameters.get("token")
        guard let given, Self.same(given, token) else {
            throw APIError(.unauthorized, code: "unauthorized",
                           given == nil ? "this server needs its access token: send Authorization: Bearer TOKEN"
                                        : "the access token is wrong")
        }
        return try await next(request, context)
    }

    /// Compares in time that does not depend on where the texts differ.
    static func same(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8), b = Array(expected.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<b.count { difference |= (index < a.count ? a[index] : 0) ^ b[index] }
        return difference == 0
    }
}

/// Refuses requests a web page of another site could make on the user's behalf: any request whose
/// `Origin` is not this server's own, so no other page can drive a conversation or read its events
/// (there is no CORS either; and a body must be JSON, which another page cannot send without asking).
struct SameOriginMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let origin = request.headers[.origin] else { return try await next(request, context) }
        let host = (request.head.authority ?? "").lowercased()
        guard Self.host(ofOrigin: origin) == host, !host.isEmpty else {
            throw APIError(.forbidden, code: "crossOrigin", "requests from pages of another origin (\(origin)) are not accepted")
        }
        return try await next(request, context)
    }

    /// "http://127.0.0.1:8080" → "127.0.0.1:8080"; nil for "null" and other opaque origins.
    static func host(ofOrigin origin: String) -> String? {
        let lowered = origin.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            return String(lowered.dropFirst(scheme.count))
        }
        return nil
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import ParlanceCore

/// The one gate every request passes before any route (docs/security.md › The server): it decides on the
/// request as sent, before the router reads the path its own way, so no spelling of a path can reach a
/// route it would not have reached in its plain form.
///
/// In order:
/// 1. **The Host must name this server**: an IP address, `localhost`, the bound name or a name the operator
///    allowed. A web page that rebinds its own domain to 127.0.0.1 sends its own name, and is refused.
/// 2. **The path must be in its plain form**: absolute, no empty, `.` or `..` segments, no trailing slash, no
///    backslash, no escaped `/`, `\`, `.` or control character.
/// 3. **No other site**: a request whose `Origin` is not this server's own, or that the browser marks as
///    coming from another site (`Sec-Fetch-Site`), is refused for everything but the page's own files.
/// 4. **The token**, for everything except the page's files and `/healthz` (GET and HEAD, exact paths):
///    `Authorization: Bearer TOKEN`, or for a WebSocket upgrade only (browsers cannot give it headers) a
///    `token` query item. The server's own token acts as the owner, a device token as its user
///    (`ServedUsers`); the rest of the request is served as that user (`ServedUsers.current`).
struct RequestGate<Context: RequestContext>: RouterMiddleware {
    let token: String
    /// Who the tokens act as; nil: the server's own token only, as the owner.
    var users: ServedUsers? = nil
    let hosts: AllowedHosts
    /// The exact paths that are served without the token.
    let openPaths: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authority = request.head.authority, hosts.allows(authority: authority) else {
            throw APIError(.misdirectedRequest, code: "unknownHost",
                           "this server does not answer to the host \(request.head.authority.map { "‘\($0)’" } ?? "(none)"); "
                           + "add the name with --allowed-host if it is really this server")
        }
        guard let path = request.head.path, Self.isPlain(path: path) else {
            throw APIError.badRequest("badPath", "the path is not in its plain form (no empty, ‘.’ or ‘..’ segments, "
                                      + "trailing slashes or escaped separators)")
        }
        let open = (request.method == .get || request.method == .head) && openPaths.contains(request.uri.path)
        if !open { try Self.refuseOtherSites(request, authority: authority) }
        if open { return try await next(request, context) }
        let given = Self.token(of: request)
        let user: String?
        if let given, let users { user = try users.user(forToken: given) } else {
            user = given.flatMap { Self.same($0, token) ? HomeUser.owner : nil }
        }
        guard let user else {
            throw APIError(.unauthorized, code: "unauthorized",
                           given == nil ? "this server needs its access token: send Authorization: Bearer TOKEN"
                                        : "the access token is wrong")
        }
        return try await ServedUsers.$current.withValue(user) { try await next(request, context) }
    }

    /// The token a request gives: its bearer token, or for a WebSocket upgrade its `token` query item.
    static func token(of request: Request) -> String? {
        bearer(of: request) ?? (isWebSocketUpgrade(request) ? request.uri.queryParameters.get("token") : nil)
    }

    /// Whether a request target is an absolute path in the one spelling the router would give it anyway.
    static func isPlain(path target: String) -> Bool {
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard path.hasPrefix("/") else { return false }
        if path == "/" { return true }
        guard !path.hasSuffix("/"), !path.contains("\\") else { return false }
        for segment in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            if segment.isEmpty || segment == "." || segment == ".." { return false }
            if segment.contains("%") {
                guard let decoded = String(segment).removingPercentEncoding else { return false }
                if decoded.contains("/") || decoded.contains("\\") || decoded.hasPrefix(".")
                    || decoded.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                    return false
                }
            }
            if segment.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) { return false }
        }
        return true
    }

    /// Refuses what another site's page could send in the user's browser: an `Origin` other than this
    /// server's own, or a fetch the browser marks as cross-site.
    static func refuseOtherSites(_ request: Request, authority: String) throws(APIError) {
        if let origin = request.headers[.origin] {
            guard let host = host(ofOrigin: origin), host == authority.lowercased() else {
                throw APIError(.forbidden, code: "crossOrigin",
                               "requests from pages of another origin (\(origin)) are not accepted")
            }
        }
        if let name = HTTPField.Name("Sec-Fetch-Site"), let site = request.headers[name]?.lowercased(),
           site == "cross-site" || site == "same-site" {
            throw APIError(.forbidden, code: "crossOrigin", "requests from pages of another site are not accepted")
        }
    }

    /// "http://127.0.0.1:8080" → "127.0.0.1:8080"; nil for "null" and other opaque origins.
    static func host(ofOrigin origin: String) -> String? {
        let lowered = origin.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            return String(lowered.dropFirst(scheme.count))
        }
        return nil
    }

    static func bearer(of request: Request) -> String? {
        guard let value = request.headers[.authorization] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        return parts.count == 2 && parts[0].lowercased() == "bearer" ? String(parts[1]) : nil
    }

    static func isWebSocketUpgrade(_ request: Request) -> Bool {
        request.method == .get && request.headers[.upgrade]?.lowercased() == "websocket"
    }

    /// Compares in time that does not depend on where the texts differ.
    static func same(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8), b = Array(expected.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<b.count { difference |= (index < a.count ? a[index] : 0) ^ b[index] }
        return difference == 0
    }
}

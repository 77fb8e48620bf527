import HTTPTypes
import Hummingbird

/// `GET /metrics`: the Prometheus text format, for a scraper that holds the metrics token — the one in
/// `--metrics-token-file` when the operator gave one (then only that one: a scraper's token opens nothing
/// else, and no user's token reads the metrics), else the server's own access token. It answers before the
/// request gate, after the same checks (the Host, the plain path, no other site), with its own token.
/// The metrics hold counts and times by route template, turn kind, store operation and installed app: no
/// user's words, ids or paths.
struct MetricsEndpoint<Context: RequestContext>: RouterMiddleware {
    static var path: String { "/metrics" }

    let token: String
    let hosts: AllowedHosts
    let scrape: @Sendable () async -> [UInt8]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path == Self.path, request.method == .get || request.method == .head,
              let target = request.head.path, RequestGate<Context>.isPlain(path: target) else {
            return try await next(request, context)
        }
        context.coreContext.endpointPath.value = Self.path
        guard let authority = request.head.authority, hosts.allows(authority: authority) else {
            throw APIError(.misdirectedRequest, code: "unknownHost",
                           "this server does not answer to the host \(request.head.authority.map { "‘\($0)’" } ?? "(none)")")
        }
        try RequestGate<Context>.refuseOtherSites(request, authority: authority)
        let given = RequestGate<Context>.bearer(of: request)
        guard let given, RequestGate<Context>.same(given, token) else {
            throw APIError(.unauthorized, code: "unauthorized",
                           given == nil ? "/metrics needs the metrics token: send Authorization: Bearer TOKEN"
                                        : "the metrics token is wrong")
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
        headers[.cacheControl] = "no-store"
        let body = await scrape()
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

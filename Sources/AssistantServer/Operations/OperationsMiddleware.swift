import HTTPTypes
import Hummingbird
import Logging

/// The outermost middleware: gives each request its id (`X-Request-ID`, in the answer and in the log lines
/// written for it), counts and times it by route template for `/metrics`, and while the server drains refuses
/// new work (anything but plain GET and HEAD) with 503 `draining`.
struct OperationsMiddleware<Context: RequestContext>: RouterMiddleware {
    let operations: ServerOperations

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let id = RequestIdentifier.accepted(Self.header.flatMap { request.headers[$0] }) ?? RequestIdentifier.make()
        let began = ContinuousClock.now
        var response: Response
        do {
            response = try await RequestIdentifier.$current.withValue(id) {
                if operations.isDraining, !Self.isReadOnly(request) {
                    context.coreContext.endpointPath.value = "draining"
                    var refused = try APIError(.serviceUnavailable, code: "draining",
                                               "the server is stopping; send this request again in a moment")
                        .response(from: request, context: context)
                    refused.headers[.retryAfter] = "5"
                    refused.headers[.connection] = "close"
                    return refused
                }
                return try await next(request, context)
            }
        } catch {
            record(request, context: context, status: (error as? any HTTPResponseError)?.status.code ?? 500, since: began)
            throw error
        }
        if let name = Self.header { response.headers[name] = id }
        record(request, context: context, status: response.status.code, since: began)
        return response
    }

    private func record(_ request: Request, context: Context, status: Int, since began: ContinuousClock.Instant) {
        operations.metrics.httpRequest(route: Self.route(context.endpointPath), method: request.method.rawValue,
                                       status: status, duration: .now - began)
    }

    /// The route's template ("/v1/conversations/{id}"); a fixed word for a request no route took.
    static func route(_ endpoint: String?) -> String {
        guard let endpoint else { return "refused" }
        return endpoint == "NotFound" ? "unmatched" : endpoint
    }

    /// Requests that start no work: plain reads, no WebSocket.
    static func isReadOnly(_ request: Request) -> Bool {
        (request.method == .get || request.method == .head) && request.headers[.upgrade] == nil
    }

    static var header: HTTPField.Name? { HTTPField.Name(RequestIdentifier.header) }
}

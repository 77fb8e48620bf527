import Hummingbird

/// Runs every request that passed the gate on the turn threads (`TurnExecutor`), where a route that waits for
/// the store holds one of several threads instead of one of Swift's few.
struct TurnExecutorMiddleware<Context: RequestContext>: RouterMiddleware {
    let executor: TurnExecutor

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await withTaskExecutorPreference(executor) { try await next(request, context) }
    }
}

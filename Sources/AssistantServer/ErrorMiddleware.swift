import Hummingbird
import Logging

/// Turns every error a route throws into the API's JSON error: ours as they are, Hummingbird's with
/// their status (an unknown path, a wrong method), internal errors (ours or anything else) logged, saying
/// nothing of the inside.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            let response = try await next(request, context)
            if response.status == .notFound, response.headers[.contentType] == nil {
                return try APIError.notFound("there is nothing at \(request.uri.path)").response(from: request, context: context)
            }
            return response
        } catch let error as APIError where error.status == .internalServerError {
            // What failed inside (a store's message, a program's output) is for the log, not the client.
            context.logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error.message)"])
            return try APIError.internalError(Self.internalMessage).response(from: request, context: context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as HTTPError {
            let code = error.status == .notFound ? "notFound"
                : error.status == .methodNotAllowed ? "methodNotAllowed"
                : error.status == .contentTooLarge ? "tooLarge" : "badRequest"
            let message = error.body ?? (error.status == .notFound ? "there is nothing at \(request.uri.path)"
                : error.status == .methodNotAllowed ? "\(request.method) is not allowed on \(request.uri.path)"
                : error.status.reasonPhrase)
            return try APIError(error.status, code: code, message).response(from: request, context: context)
        } catch {
            context.logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            return try APIError.internalError(Self.internalMessage).response(from: request, context: context)
        }
    }

    /// What a client hears of any internal failure.
    static var internalMessage: String { "the assistant could not answer this request; the server log says why" }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Intents
import ParlanceCore
import ParlanceHosting
import ParlancePresentation
import ParlanceUnderstanding

/// The HTTP API (docs/openapi.yaml): conversations, understanding, apps. Each route reads its input
/// with `RequestBody`, calls the engine, and answers JSON; failures are `APIError`s. Every route acts as the
/// request's user (`ServedUsers.current`): their conversations, permissions, vocabulary and preferences.
struct AssistantAPI: Sendable {
    typealias Context = BasicWebSocketRequestContext

    let hub: ConversationHub
    let users: ServedUsers
    let configuration: ServerConfiguration

    func register(on router: Router<Context>) {
        router.get("healthz") { _, _ in JSONResponse(["status": "ok"]) }
        let api = router.group("v1")
        api.post("conversations") { request, _ in try await createConversation(request) }
        api.get("conversations/:id") { _, context in try await showConversation(try id(context)) }
        api.delete("conversations/:id") { _, context in
            let (user, space) = try users.current()
            try await hub.delete(try id(context), user: user, space: space)
            return Response(status: .noContent)
        }
        api.post("conversations/:id/turns") { request, context in try await addTurn(request, id: try id(context)) }
        api.post("parse") { request, _ in try await parse(request) }
        api.get("apps") { request, _ in try listApps(language: request.uri.queryParameters.get("language")) }
        api.put("apps/:app/permission") { request, context in try await changePermission(request, app: try parameter("app", context)) }
        api.get("preferences") { _, _ in JSONResponse(try read { try users.current().space.preferences.preferredApps() }) }
        api.put("preferences/:domain") { request, context in try await prefer(request, domain: try parameter("domain", context)) }
        api.delete("preferences/:domain") { _, context in
            let domain = try domainParameter(context)
            let preferences = try users.current().space.preferences
            try write { try preferences.setPreferredApp(nil, domain: domain) }
            return Response(status: .noContent)
        }
    }

    // MARK: Conversations

    private struct NewConversation: Decodable {
        var language: String?
        var mode: String?
    }

    /// A conversation as the API shows it.
    struct ConversationView: Encodable, Sendable {
        let id: String
        let language: String?
        let mode: String
        let answering: Bool
        let nextSeq: Int
        let turns: [ServedTurn]
        /// What the user said between the turns.
        let said: [SaidTurn]
        /// The number of the question waiting for an answer, if any: only its turn's answers are taken.
        let pendingQuestion: Int?
    }

    private func view(_ served: ServedConversation) async -> ConversationView {
        ConversationView(id: served.id, language: served.language, mode: served.mode.rawValue,
                         answering: served.isAnswering, nextSeq: served.log.nextSequence, turns: served.log.turns(),
                         said: served.log.said(), pendingQuestion: await served.pendingQuestion)
    }

    private func createConversation(_ request: Request) async throws -> JSONResponse<ConversationView> {
        let body = try await RequestBody.decode(NewConversation.self, from: request, limit: configuration.maximumBodySize)
        if let language = body.language, !LanguageCatalog.isSupported(language) {
            throw APIError.unprocessable("unsupportedLanguage", "language \"\(language)\" is not supported; supported: "
                + LanguageCatalog.supported.joined(separator: ", "))
        }
        let mode = try body.mode.map { text throws(APIError) -> PresentationMode in
            guard let mode = PresentationMode(rawValue: text) else {
                throw APIError.unprocessable("invalidValue", "\"mode\" must be \"visual\" or \"voice\"")
            }
            return mode
        } ?? .visual
        let (user, space) = try users.current()
        let served = await hub.create(language: body.language.map(LanguageCatalog.code(of:)), mode: mode, user: user, space: space)
        return JSONResponse(await view(served), status: .created)
    }

    private func showConversation(_ id: String) async throws -> JSONResponse<ConversationView> {
        let (user, space) = try users.current()
        return JSONResponse(await view(try await hub.conversation(id, user: user, space: space)))
    }

    private struct NewTurn: Decodable {
        var text: String
        /// The question (a turn's `questionNumber`) the text answers; one no longer pending is refused.
        var answering: Int?
    }

    /// The turns that answer one thing the user said.
    struct TurnAnswer: Encodable, Sendable {
        let turns: [ServedTurn]
    }

    private func addTurn(_ request: Request, id: String) async throws -> JSONResponse<TurnAnswer> {
        let body = try await RequestBody.decode(NewTurn.self, from: request, limit: configuration.maximumBodySize)
        let text = body.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw APIError.unprocessable("emptyText", "\"text\" is empty; say what you want") }
        guard text.count <= RequestUnderstander.maximumLength else {
            throw APIError.unprocessable("textTooLong", "\"text\" is \(text.count) characters long; the limit is "
                + "\(RequestUnderstander.maximumLength)")
        }
        let (user, space) = try users.current()
        let served = try await hub.conversation(id, user: user, space: space)
        let meter = TurnTimeMeter()
        let began = ContinuousClock.now
        let turns = try await TurnTimeMeter.$current.withValue(meter) {
            try await served.respond(to: text, answering: body.answering)
        }
        let total = ContinuousClock.now - began
        // The assistant's own time and the apps' (extension start and calls), for operators and the load test; the
        // store's and the turn lock's parts of the assistant's time beside them.
        var headers = HTTPFields()
        if let name = HTTPField.Name("Server-Timing") {
            let app = meter.elapsed(.app)
            headers[name] = "assistant;dur=\(Self.milliseconds(total - app)), app;dur=\(Self.milliseconds(app)), "
                + "store;dur=\(Self.milliseconds(meter.elapsed(.store))), lock;dur=\(Self.milliseconds(meter.elapsed(.lock)))"
        }
        return JSONResponse(TurnAnswer(turns: turns), headers: headers)
    }

    // MARK: Understanding

    private struct ParseInput: Decodable {
        var text: String
        var language: String?
    }

    private func parse(_ request: Request) async throws -> JSONResponse<UnderstoodRequest> {
        let body = try await RequestBody.decode(ParseInput.self, from: request, limit: configuration.maximumBodySize)
        let result: UnderstoodRequest
        let understander = try users.current().space.assistant.understander
        await understander.prepare(language: body.language)
        do {
            result = try understander.understand(body.text, language: body.language)
        } catch {
            throw APIError.unprocessable(error.kind.rawValue, error.message)
        }
        return JSONResponse(result)
    }

    // MARK: Apps

    private func listApps(language: String?) throws -> JSONResponse<AppListing> {
        let language = language ?? "en"
        let space = try users.current().space
        let apps = space.assistant.apps, preferences = space.preferences
        let installed = try read { try apps.apps() }
        let preferred = try read { try preferences.preferredApps() }
        return JSONResponse(AppListing(apps: installed.map { AppSummary($0, language: language) }, preferred: preferred))
    }

    private struct PermissionInput: Decodable {
        var permission: String
    }

    private func changePermission(_ request: Request, app identifier: String) async throws -> JSONResponse<AppSummary> {
        let body = try await RequestBody.decode(PermissionInput.self, from: request, limit: configuration.maximumBodySize)
        guard let permission = AppPermission(rawValue: body.permission), permission != .notDetermined else {
            throw APIError.unprocessable("invalidValue", "\"permission\" must be \"allowed\" or \"denied\"")
        }
        try installedApp(identifier)
        let apps = try users.current().space.assistant.apps
        try write { try apps.setPermission(permission, for: identifier) }
        guard let app = try read({ try apps.app(identifier) }) else { throw APIError.notFound("app \(identifier) is not installed") }
        return JSONResponse(AppSummary(app, language: "en"))
    }

    private struct PreferenceInput: Decodable {
        var app: String
    }

    private func prefer(_ request: Request, domain: String) async throws -> JSONResponse<[String: String]> {
        let domain = try checkedDomain(domain)
        let body = try await RequestBody.decode(PreferenceInput.self, from: request, limit: configuration.maximumBodySize)
        let app = try installedApp(body.app)
        guard app.bundle.supportedIntents.contains(where: { IntentCatalog.intent(named: $0)?.domain.rawValue == domain }) else {
            throw APIError.unprocessable("noSuchIntents", "\(app.bundle.displayName) has no \(domain) intents")
        }
        let preferences = try users.current().space.preferences
        try write { try preferences.setPreferredApp(body.app, domain: domain) }
        return JSONResponse(try read { try preferences.preferredApps() })
    }

    @discardableResult
    private func installedApp(_ identifier: String) throws -> InstalledApp {
        let apps = try users.current().space.assistant.apps
        guard let app = try read({ try apps.app(identifier) }) else {
            let names = (try? apps.apps().map(\.bundle.identifier)) ?? []
            let near = names.first { $0.lowercased().contains(identifier.lowercased()) || identifier.lowercased().contains($0.lowercased()) }
            throw APIError.notFound("app \(identifier) is not installed" + (near.map { "; did you mean \($0)?" } ?? ""))
        }
        return app
    }

    private func checkedDomain(_ domain: String) throws -> String {
        let domains = IntentDescription.Domain.allCases.map(\.rawValue)
        guard domains.contains(domain) else {
            throw APIError.notFound("\"\(domain)\" is not a domain; domains: \(domains.joined(separator: ", "))")
        }
        return domain
    }

    private func domainParameter(_ context: Context) throws -> String {
        try checkedDomain(try parameter("domain", context))
    }

    // MARK: Helpers

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.3f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }

    private func id(_ context: Context) throws -> String { try parameter("id", context).lowercased() }

    private func parameter(_ name: String, _ context: Context) throws -> String {
        guard let value = context.parameters.get(name) else { throw APIError.notFound("the path lacks \(name)") }
        return value
    }

    private func read<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as StoreError {
            throw APIError.internalError("the assistant's store could not be read: \(error.message)")
        }
    }

    private func write(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as StoreError {
            throw APIError.internalError("the change was not saved: \(error.message)")
        }
    }
}

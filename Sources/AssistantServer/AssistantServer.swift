import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ParlanceCore
import ParlanceEngine
import ParlanceHosting
import ParlanceUnderstanding
import ServiceLifecycle
import UnixSignals

/// `parlance serve`: the assistant over HTTP and WebSocket, with its web page.
///
/// ```
///  browser / HTTP client ──► AccessToken ─► SameOrigin ─► routes ──► ConversationHub ──► Conversation (engine)
///                                                         │ /v1/parse ─► RequestUnderstander
///                                                         │ /v1/apps  ─► AppRegistry, AppPreferences
///                                                         │ /v1/speech, …/speech (push-to-talk) ─► ServerSpeech
///                                                         └ / (page), /openapi.yaml
/// ```
/// Run it with `run()`: it serves until SIGTERM or SIGINT, then stops taking requests, lets the turns in
/// flight finish (their state is saved after every turn) and stops the conversations' background work.
public struct AssistantServer: Sendable {
    let configuration: ServerConfiguration
    let hub: ConversationHub
    let apps: any AppRegistry
    let preferences: any AppPreferences
    let understander: RequestUnderstander
    let host: ExtensionHost
    let broker: IntentBroker
    let speech: ServerSpeech

    public init(configuration: ServerConfiguration, assistant: ConversationHub.Assistant, preferences: any AppPreferences,
                speech: ServerSpeech = ServerSpeech()) {
        self.configuration = configuration
        self.hub = ConversationHub(assistant: assistant, maximumLiveConversations: configuration.maximumLiveConversations)
        self.apps = assistant.apps
        self.preferences = preferences
        self.understander = assistant.understander
        self.host = assistant.host
        self.broker = IntentBroker(apps: assistant.apps, store: assistant.store, host: assistant.host, home: assistant.home,
                                   lockSource: assistant.lockSource)
        self.speech = speech
    }

    /// The router with every route, middleware first.
    func router() throws -> Router<BasicWebSocketRequestContext> {
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: SameOriginMiddleware())
        router.add(middleware: AccessTokenMiddleware(token: configuration.accessToken))
        AssistantAPI(hub: hub, apps: apps, preferences: preferences, understander: understander,
                     configuration: configuration).register(on: router)
        ConversationEvents(hub: hub).register(on: router)
        StructuredIntentRoutes(broker: broker, maximumBodySize: configuration.maximumBodySize).register(on: router)
        SpeechRoutes(hub: hub, speech: speech, maximumBodySize: configuration.maximumBodySize).register(on: router)
        try WebResources.load().register(on: router)
        return router
    }

    /// Serves until a shutdown signal. `onListening` hears the address once the socket is bound
    /// (with the real port when the configuration asked for port 0).
    public func run(onListening: @escaping @Sendable (String, Int) -> Void = { _, _ in }) async throws {
        try configuration.validate()
        let router = try router()
        var logger = Logger(label: "parlance.server")
        logger.logLevel = .notice
        let address = configuration.host
        let application = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: router, configuration: .init(ws: .init(maxFrameSize: 1 << 20))),
            configuration: ApplicationConfiguration(address: .hostname(address, port: configuration.port),
                                                    serverName: "Parlance"),
            services: [ExtensionHostService(host: host), hub],  // shut down in reverse: the server, conversations, extensions
            onServerRunning: { channel in onListening(address, channel.localAddress?.port ?? 0) },
            logger: logger)
        try await application.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}

import Foundation
import Hummingbird
import HummingbirdCore
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
///  browser / HTTP client ──► ConnectionGuard ─► RequestGate ─► routes ──► ConversationHub ──► Conversation (engine)
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
    /// Whom the server serves: the owner, and with `ServerConfiguration.users` the home's other users.
    let users: ServedUsers
    let speech: ServerSpeech
    /// Metrics, readiness and the drain (docs/server.md › Operations).
    public let operations: ServerOperations

    public init(configuration: ServerConfiguration, assistant unmetered: ConversationHub.Assistant, preferences: any AppPreferences,
                speech: ServerSpeech = ServerSpeech(), operations: ServerOperations = ServerOperations()) {
        self.configuration = configuration
        self.operations = operations
        let metered = MeteredStore(store: unmetered.store, registry: unmetered.apps, metrics: operations.metrics)
        let assistant = ConversationHub.Assistant(apps: metered, store: metered, home: unmetered.home, host: unmetered.host,
                                                  understander: unmetered.understander, lockSource: unmetered.lockSource,
                                                  turnLock: unmetered.turnLock, eventRelay: unmetered.eventRelay)
        self.hub = ConversationHub(assistant: assistant, maximumLiveConversations: configuration.maximumLiveConversations,
                                   retention: configuration.conversationRetention, operations: operations)
        self.apps = assistant.apps
        self.preferences = preferences
        self.understander = assistant.understander
        self.host = assistant.host
        self.broker = IntentBroker(apps: assistant.apps, store: assistant.store, host: assistant.host, home: assistant.home,
                                   lockSource: assistant.lockSource)
        self.speech = speech
        self.users = ServedUsers(owner: ServedUsers.Space(assistant: assistant, preferences: preferences),
                                 accessToken: configuration.accessToken, access: configuration.users)
    }

    /// The router with every route, middleware first.
    func router() throws -> Router<BasicWebSocketRequestContext> {
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.add(middleware: OperationsMiddleware(operations: operations))
        router.add(middleware: ErrorMiddleware())
        let web = try WebResources.load()
        router.add(middleware: MetricsEndpoint(token: configuration.metricsToken ?? configuration.accessToken,
                                               hosts: configuration.allowedHosts,
                                               scrape: { [self] in await scrape() }))
        router.add(middleware: RequestGate(token: configuration.accessToken, users: users, hosts: configuration.allowedHosts,
                                           openPaths: web.paths.union(["/healthz", Readiness.path])))
        if let threads = configuration.requestThreads {
            router.add(middleware: TurnExecutorMiddleware(executor: TurnExecutor.shared(threads: threads)))
        }
        Readiness(store: hub.assistant.store, apps: hub.assistant.apps, home: hub.assistant.home, operations: operations)
            .register(on: router)
        AssistantAPI(hub: hub, users: users, configuration: configuration).register(on: router)
        ConversationEvents(hub: hub, users: users).register(on: router)
        StructuredIntentRoutes(users: users, maximumBodySize: configuration.maximumBodySize).register(on: router)
        SpeechRoutes(hub: hub, users: users, speech: speech, maximumBodySize: configuration.maximumBodySize).register(on: router)
        web.register(on: router)
        return router
    }

    /// `/metrics`' text, with the gauges read now.
    func scrape() async -> [UInt8] {
        operations.metrics.exposition(openConversations: await hub.liveCount, turnsInFlight: operations.turnsInFlight,
                                      draining: operations.isDraining)
    }

    /// Serves until a shutdown signal. `onListening` hears the address once the socket is bound
    /// (with the real port when the configuration asked for port 0).
    public func run(onListening: @escaping @Sendable (String, Int) -> Void = { _, _ in }) async throws {
        try configuration.validate()
        let router = try router()
        var logger = Logger(label: "parlance.server")
        logger.logLevel = .notice
        let address = configuration.host
        var limits = configuration.connectionLimits
        // Files for extensions, the store and models stay free whatever the clients do.
        let files = FileDescriptorLimit.raise(toAtLeast: limits.maximumConnections + 1024)
        limits.maximumConnections = max(64, min(limits.maximumConnections, files - 512))
        let counter = ConnectionCounter(limits: limits)
        let webSocketResponder = router.buildResponder()
        let idle = limits.idleTimeout.components
        let channel = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(idleTimeout: .seconds(max(1, idle.seconds)),
                         httpDecoderConfiguration: .init(maxHeaderFieldSize: limits.maximumHeadSize,
                                                         maxHeaderListSize: limits.maximumHeadSize, maxHeaderFieldCount: 200)),
            ws: .init(maxFrameSize: 1 << 20))
        let server = HTTPServerBuilder { responder in
            GuardedChildChannel(inner: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder,
                                                                    configuration: channel),
                                counter: counter)
        }
        let application = Application(
            router: router,
            server: server,
            configuration: ApplicationConfiguration(address: .hostname(address, port: configuration.port),
                                                    serverName: "Parlance"),
            services: [ExtensionHostService(host: host, operations: operations), hub],  // shut down in reverse: the server, conversations, extensions
            onServerRunning: { channel in onListening(address, channel.localAddress?.port ?? 0) },
            logger: logger)
        await host.observeCalls(with: operations.metrics)
        // The drain is shut down first: new work refused, turns in flight answered; then the application.
        var group = ServiceGroupConfiguration(services: [application, DrainService(operations: operations,
                                                                                   timeout: configuration.drainTimeout)],
                                              gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = configuration.drainTimeout + .seconds(15)
        try await ServiceGroup(configuration: group).run()
    }
}

import ExtensionRuntime
import Foundation
import Intents
import ParlanceCore
import ParlanceEngine
import ParlanceHosting
import ParlancePresentation
import ParlanceUnderstanding
import Synchronization

/// The assistant wired in memory: a `MemoryStore`, extensions running inside the test process, and a
/// conversation over them. No disk and no processes, so a developer's test drives whole
/// conversations against their own `INExtension` in milliseconds.
///
/// ```swift
/// let chat = AppBundle.fixture(identifier: "com.example.chat", displayName: "MonkeyChat", intents: ["INSendMessageIntent"])
/// let assistant = InProcessAssistant(apps: [InProcessApp(chat) { ChatExtension() }])
/// let turns = await assistant.say("MonkeyChat Bobo send more bananas")
/// ```
public final class InProcessAssistant: Sendable {
    /// The store the conversation reads and writes.
    public let store: MemoryStore
    /// The extension host, with in-process extensions.
    public let host: ExtensionHost
    /// The conversation.
    public let conversation: Conversation

    /// An assistant with these apps installed (allowed unless `permission` says otherwise), speaking
    /// `language`, with amounts said without a currency in `currency`. Intent identifiers are
    /// "request-1", "request-2"… so tests can name them.
    public init(apps: [InProcessApp],
                permission: AppPermission = .allowed, language: String = "en", currency: String = "USD",
                mode: PresentationMode = .visual, policy: ConversationPolicy = ConversationPolicy()) {
        store = MemoryStore()
        var factories: [String: @Sendable () -> any INIntentHandlerProviding] = [:]
        for app in apps {
            store.install(app.bundle, permission: permission)
            if let identifier = app.bundle.intentsExtension?.identifier { factories[identifier] = app.makeExtension }
        }
        // In-process extensions share the cooperative pool with whatever else the test process does
        // (model training, other suites), so they get generous deadlines: these tests prove behaviour, not speed.
        // (Seen: a handle over 30 s while the whole suite ran on two cores.)
        var hosting = HostingPolicy()
        hosting.startDeadline = .seconds(120)
        hosting.resolveDeadline = .seconds(120)
        hosting.handleDeadline = .seconds(120)
        host = ExtensionHost(launcher: InProcessLauncher(factories), policy: hosting)
        let counter = Mutex(0)
        conversation = Conversation(
            apps: store, store: store, home: nil, host: host,
            understander: RequestUnderstander(apps: store, vocabulary: store, defaultCurrency: currency),
            session: "test", mode: mode, language: language, policy: policy,
            identifiers: { "request-\(counter.withLock { $0 += 1; return $0 })" })
    }

    /// What the assistant answers to one thing the user says (shown to the user, as a front end does).
    public func say(_ text: String) async -> [AssistantTurn] {
        let turns = await conversation.respond(to: text)
        return turns + [await conversation.delivered()].compactMap { $0 }
    }

    /// Runs the conversation's background work (a ride followed until it completes, its updates on
    /// `conversation.updates`) until `shutdown()`; run it beside the test when it follows a ride.
    public func runBackgroundWork() async {
        await conversation.run()
    }

    /// Ends the background work and stops the extensions.
    public func shutdown() async {
        conversation.finish()
        await host.shutdown()
    }
}

/// An app for `InProcessAssistant`: its bundle and how to make its extension inside the process.
public struct InProcessApp: Sendable {
    public var bundle: AppBundle
    public var makeExtension: @Sendable () -> any INIntentHandlerProviding

    public init(_ bundle: AppBundle, makeExtension: @escaping @Sendable () -> any INIntentHandlerProviding) {
        self.bundle = bundle
        self.makeExtension = makeExtension
    }
}

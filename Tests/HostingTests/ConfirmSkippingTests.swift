import ExtensionRuntime
import ExtensionWire
import Foundation
@_spi(Parlance) import Intents
import ParlanceHosting
import Synchronization
import Testing

/// A handler without confirm costs no confirm request once the extension knows it lacks one: its resolve
/// reply says so, and the host answers confirm itself. A handler with confirm is always asked.
@Suite struct ConfirmSkippingTests {
    @Test("no confirm is sent for an intent whose handler the extension said has none")
    func skippedWhenTheExtensionSaysSo() async throws {
        let sent = SentMethods()
        let host = ExtensionHost(launcher: CountingLauncher(sent: sent) { NoConfirmMessaging() }, policy: ExtensionHostTests.unhurried)
        let endpoint = Self.endpoint
        let first = Self.message(identifier: "intent-1")
        _ = try await host.resolve(["content"], of: first, in: endpoint)
        #expect(try await host.confirm(first, in: endpoint) == nil)
        #expect(sent.methods == ["initialize", "resolve", "confirm"], "not yet known: asked once")

        let second = Self.message(identifier: "intent-2")
        _ = try await host.resolve(["content"], of: second, in: endpoint)
        #expect(try await host.confirm(second, in: endpoint) == nil)
        #expect(try await host.confirm(second, in: endpoint) == nil)
        let response = try await host.handle(second, in: endpoint) as? INSendMessageIntentResponse
        #expect(response?.code == .success)
        #expect(sent.methods == ["initialize", "resolve", "confirm", "resolve", "handle"])

        // An intent the extension has not resolved is asked: the host knows nothing of its handler.
        let unresolved = Self.message(identifier: "intent-3")
        #expect(try await host.confirm(unresolved, in: endpoint) == nil)
        #expect(sent.methods.last == "confirm")
        await host.shutdown()
    }

    @Test("a handler with confirm is asked every time")
    func askedWhenImplemented() async throws {
        let sent = SentMethods()
        let host = ExtensionHost(launcher: CountingLauncher(sent: sent) { ConfirmingMessaging() }, policy: ExtensionHostTests.unhurried)
        for number in 1...3 {
            let intent = Self.message(identifier: "intent-\(number)")
            _ = try await host.resolve(["content"], of: intent, in: Self.endpoint)
            let confirmation = try await host.confirm(intent, in: Self.endpoint) as? INSendMessageIntentResponse
            #expect(confirmation?.code == .ready)
        }
        #expect(sent.methods.filter { $0 == "confirm" }.count == 3)
        await host.shutdown()
    }

    @Test("the resolve reply says confirm is missing only once the extension found it so")
    func resolveReplyCarriesIt() async throws {
        let replies = Mutex<[Data]>([])
        let server = ExtensionServer(extension: ReplyProbeMessaging()) { line in replies.withLock { $0.append(line) } }
        let intent = Self.message(identifier: "probe")
        let resolve = try WireProtocol.line(OutgoingRequest(id: 2, method: .resolve,
                                                            params: ResolveParams(intent: intent, parameters: ["content"])))
        let lines = [try WireProtocol.line(OutgoingRequest(id: 1, method: .initialize, params: InitializeParams(client: "test"))), resolve,
                     try WireProtocol.line(OutgoingRequest(id: 3, method: .confirm, params: IntentParams(intent: intent))),
                     resolve]
        await server.serve(lines: AsyncStream { continuation in
            for line in lines { continuation.yield(line.last == 0x0A ? line.dropLast() : line) }
            continuation.finish()
        })
        let results = replies.withLock { $0 }.compactMap { line in
            try? WireProtocol.decode(ReplyResult<ResolveResult>.self, from: line).result
        }
        #expect(results.map(\.confirmImplemented) == [nil, false])
    }

    static let endpoint = ExtensionEndpoint(identifier: "com.example.counting.intents", appIdentifier: "com.example.counting",
                                            appName: "Counting", executable: "/bin/true")

    static func message(identifier: String) -> INSendMessageIntent {
        let intent = INSendMessageIntent(recipients: nil, outgoingMessageType: .outgoingMessageText, content: "bananas",
                                         speakableGroupName: nil, conversationIdentifier: nil, serviceName: nil, sender: nil)
        intent.assignIdentifier(identifier)
        return intent
    }
}

/// The methods of the requests sent to the extension, in order.
private final class SentMethods: Sendable {
    private let list = Mutex<[String]>([])
    var methods: [String] { list.withLock { $0 } }
    func add(_ line: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
              let method = object["method"] as? String else { return }
        list.withLock { $0.append(method) }
    }
}

/// The in-process transport, noting each request's method.
private struct CountingLauncher: ExtensionLauncher {
    let sent: SentMethods
    let make: @Sendable () -> any INIntentHandlerProviding

    func makeTransport(for endpoint: ExtensionEndpoint, log: @escaping @Sendable (String) -> Void)
        throws(TransportError) -> any LineTransport {
        CountingTransport(sent: sent, inner: InProcessTransport(make))
    }
}

private final class CountingTransport: LineTransport {
    let sent: SentMethods
    let inner: InProcessTransport
    init(sent: SentMethods, inner: InProcessTransport) { self.sent = sent; self.inner = inner }
    func start(delegate: any LineTransportDelegate) throws(TransportError) { try inner.start(delegate: delegate) }
    func send(_ line: Data) async throws(TransportError) {
        sent.add(line)
        try await inner.send(line)
    }
    func stop(grace: Duration) async { await inner.stop(grace: grace) }
    func terminate() { inner.terminate() }
}

// Each test its own handler types: what a type lacks is remembered for the process.
private final class NoConfirmMessaging: INExtension, @unchecked Sendable {
    override func handler(for intent: INIntent) -> Any? { NoConfirmHandler() }
}

private final class NoConfirmHandler: NSObject, INSendMessageIntentHandling {
    func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        INSendMessageIntentResponse(code: .success, userActivity: nil)
    }
}

private final class ConfirmingMessaging: INExtension, @unchecked Sendable {
    override func handler(for intent: INIntent) -> Any? { ConfirmingHandler() }
}

private final class ConfirmingHandler: NSObject, INSendMessageIntentHandling {
    func confirm(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        INSendMessageIntentResponse(code: .ready, userActivity: nil)
    }
    func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        INSendMessageIntentResponse(code: .success, userActivity: nil)
    }
}

private final class ReplyProbeMessaging: INExtension, @unchecked Sendable {
    override func handler(for intent: INIntent) -> Any? { ReplyProbeHandler() }
}

private final class ReplyProbeHandler: NSObject, INSendMessageIntentHandling {
    func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        INSendMessageIntentResponse(code: .success, userActivity: nil)
    }
}

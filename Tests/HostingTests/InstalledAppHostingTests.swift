import ExtensionRuntime
import ExtensionWire
import Foundation
import Intents
import ParlanceCore
import ParlanceHosting
import ParlanceStore
import TestSupport
import Testing

/// The path a real user's request takes: bundle folder → store → endpoint → extension process.
@Suite struct InstalledAppHostingTests {
    @Test func anInstalledBundlesExtensionAnswers() async throws {
        let fixture = try BundleFixture()
        defer { fixture.remove() }
        let store = try AssistantStore.inMemory()
        try store.install(try BundleLoader.load(try fixture.chatterbox(binary: true).path).app)
        let endpoint = try #require(try store.app("com.example.chatterbox")?.bundle.intentsEndpoint)
        #expect(endpoint.identifier == "com.example.chatterbox.intents")
        #expect(endpoint.appName == "Chatterbox")
        #expect(endpoint.environment["PARLANCE_APP_IDENTIFIER"] == "com.example.chatterbox")
        #expect(endpoint.workingDirectory?.hasSuffix("PlugIns/ChatterboxIntents.appex") == true)
        let host = ExtensionHost()
        let response = try await host.handle(ExtensionHostTests.message(to: ["Kiki"]), in: endpoint)
        #expect((response as? INSendMessageIntentResponse)?.code == .success)
        await host.shutdown()
    }

    @Test func aHungInProcessHandlerFailsItsCallAndDoesNotHangShutdown() async throws {
        var policy = HostingPolicy()
        policy.handleDeadline = .milliseconds(300)
        policy.stopGrace = .milliseconds(100)
        policy.startDeadline = .seconds(30)  // the deadline under test is handle's, not start-up's
        let endpoint = TestProducts.testExtension()
        let host = ExtensionHost(launcher: InProcessLauncher([endpoint.identifier: { HangingExtension() }]), policy: policy)
        let started = ContinuousClock.now
        let error = await #expect(throws: HostingError.self) {
            _ = try await host.handle(ExtensionHostTests.message(to: ["Kiki"]), in: endpoint)
        }
        #expect(error?.kind == .deadlineExceeded)
        await host.shutdown()
        // Termination, not speed: the hung handler would otherwise hold shutdown forever (45 s: room for the
        // cooperative pool held by model training in other suites).
        #expect(ContinuousClock.now - started < .seconds(300))  // see ExtensionFailureTests: pool starvation
    }
}

final class HangingExtension: INExtension, @unchecked Sendable {
    override func handler(for intent: INIntent) -> Any? { HangingHandler() }
}

final class HangingHandler: NSObject, INSendMessageIntentHandling {
    func handle(intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {
        // Never calls completion.
    }
}

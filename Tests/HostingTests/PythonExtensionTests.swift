import ExtensionWire
import Foundation
import Intents
import ParlanceHosting
import TestSupport
import Testing

/// An extension written in Python from docs/protocol.md alone serves the real host.
@Suite struct PythonExtensionTests {
    static var endpoint: ExtensionEndpoint {
        get throws {
            let script = TestFixtures.url("python/echo_extension.py")
            return ExtensionEndpoint(identifier: "com.example.python.intents", appIdentifier: "com.example.python",
                                     appName: "PyChat", executable: "/usr/bin/env", arguments: ["python3", script.path])
        }
    }

    @Test func aPythonExtensionResolvesConfirmsAndHandles() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("python-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let activity = ExtensionActivityLog(home: home)
        let host = ExtensionHost(activity: activity)
        let endpoint = try Self.endpoint
        let intent = ExtensionHostTests.message(to: ["Bobo", "Kiki"], "send more bananas")
        let resolutions = try await host.resolve(["recipients", "content", "speakableGroupName"], of: intent, in: endpoint)
        let recipients = try #require(resolutions[0].results).map(\.result)
        #expect(recipients.map(\.kind) == [.success, .success])
        #expect((recipients[1] as? INSendMessageRecipientResolutionResult)?.value?.displayName == "Kiki")
        #expect((resolutions[1].results?.first?.result as? INStringResolutionResult)?.value == "send more bananas")
        #expect(resolutions[2].results == nil)
        #expect((try await host.confirm(intent, in: endpoint) as? INSendMessageIntentResponse)?.code == .ready)
        #expect((try await host.handle(intent, in: endpoint) as? INSendMessageIntentResponse)?.code == .success)
        #expect(await host.supportedIntents(of: endpoint) == ["INSendMessageIntent"])

        let refused = await #expect(throws: HostingError.self) {
            _ = try await host.handle(INGetRideStatusIntent(), in: endpoint)
        }
        #expect(refused?.kind == .extensionError)
        #expect(refused?.wireCode == WireErrorCode.notHandled.rawValue)
        await host.shutdown()
        // Its stderr is in its app's activity log (only there).
        #expect(activity.entries(of: "com.example.python").contains {
            $0.event == "stderr" && $0.detail == "python extension: sent 'send more bananas'"
        })
    }
}

import ExtensionRuntime
import ExtensionWire
import Foundation
import Intents
import Logging
import ParlanceHosting

/// Latency figures of the host.
enum HostBenchmarks {
    static let intent: INSendMessageIntent = {
        let person = INPerson(personHandle: INPersonHandle(value: "kiki", type: .unknown), nameComponents: nil,
                              displayName: "Kiki", image: nil, contactIdentifier: nil, customIdentifier: nil)
        return INSendMessageIntent(recipients: [person], outgoingMessageType: .outgoingMessageText, content: "more bananas",
                                   speakableGroupName: nil, conversationIdentifier: nil, serviceName: nil, sender: nil)
    }()

    static func quietLogger() -> Logger {
        var logger = Logger(label: "bench")
        logger.logLevel = .critical
        return logger
    }

    static func warmLatency(_ endpoint: ExtensionEndpoint, iterations: Int) async throws {
        let launchers: [(String, any ExtensionLauncher)] = [
            ("process", ProcessLauncher()),
            ("in-process", InProcessLauncher([endpoint.identifier: { BenchExtension() }])),
        ]
        for (name, launcher) in launchers {
            let host = ExtensionHost(launcher: launcher, logger: quietLogger())
            for _ in 0..<1_000 { _ = try await host.resolve(["recipients"], of: intent, in: endpoint) }
            var samples: [Duration] = []
            samples.reserveCapacity(iterations)
            for _ in 0..<iterations {
                let start = ContinuousClock.now
                _ = try await host.resolve(["recipients"], of: intent, in: endpoint)
                samples.append(ContinuousClock.now - start)
            }
            await host.shutdown()
            print(Percentiles(samples).line("warm resolve round trip (\(name), \(iterations) calls)"))
        }
    }

    static func coldStart(_ endpoint: ExtensionEndpoint, iterations: Int) async throws {
        let host = ExtensionHost(logger: quietLogger())
        var samples: [Duration] = []
        for _ in 0..<iterations {
            let start = ContinuousClock.now
            _ = try await host.resolve(["recipients"], of: intent, in: endpoint)
            samples.append(ContinuousClock.now - start)
            await host.stop(endpoint.identifier)
        }
        print(Percentiles(samples).line("cold start: launch, initialize, first resolve (\(iterations) starts)"))
    }
}

/// p50/p90/p99/max of a set of durations.
struct Percentiles {
    let sorted: [Duration]

    init(_ samples: [Duration]) {
        sorted = samples.sorted()
    }

    func at(_ fraction: Double) -> Duration {
        sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    func line(_ title: String) -> String {
        func us(_ duration: Duration) -> String { String(format: "%.1f µs", Double(duration / .nanoseconds(1)) / 1000) }
        return "\(title): p50 \(us(at(0.5)))  p90 \(us(at(0.9)))  p99 \(us(at(0.99)))  max \(us(sorted.last ?? .zero))"
    }
}

/// The in-process twin of the test extension's resolve.
final class BenchExtension: INExtension, @unchecked Sendable {
    override func handler(for intent: INIntent) -> Any? { BenchHandler() }
}

final class BenchHandler: NSObject, INSendMessageIntentHandling {
    func resolveRecipients(for intent: INSendMessageIntent) async -> [INSendMessageRecipientResolutionResult] {
        (intent.recipients ?? []).map { .success(with: $0) }
    }

    func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        INSendMessageIntentResponse(code: .success, userActivity: nil)
    }
}

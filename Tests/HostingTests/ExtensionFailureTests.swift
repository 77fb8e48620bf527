import ExtensionWire
import Foundation
import Synchronization
import Intents
import ParlanceCore
import ParlanceHosting
import ParlancePresentation
import ParlanceTesting
import ParlanceUnderstanding
import TestSupport
import Testing

/// Every way an extension can misbehave ends in a distinct, clear failure, quickly, and the next call
/// starts a fresh process.
@Suite struct ExtensionFailureTests {
    static func fastPolicy() -> HostingPolicy {
        var policy = HostingPolicy()
        policy.startDeadline = .milliseconds(1500)
        policy.resolveDeadline = .milliseconds(400)
        policy.handleDeadline = .milliseconds(400)
        policy.stopGrace = .milliseconds(200)
        return policy
    }

    static let intent = ExtensionHostTests.message(to: ["Kiki"])

    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let kind: HostingError.Kind
        let messageFragment: String
        /// The resolve deadline, where 400 ms is too short for the misbehaviour to show: reading a 2 MiB line
        /// takes a debug build on a loaded machine longer than that.
        var resolveDeadline: Duration?
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let failures: [Case] = [
        Case(arguments: ["crash", "resolve"], kind: .crashed, messageFragment: "crashed (SIGABRT) during resolve"),
        Case(arguments: ["exit", "resolve"], kind: .crashed, messageFragment: "exited (status 7) during resolve"),
        Case(arguments: ["hang", "resolve"], kind: .deadlineExceeded, messageFragment: "did not answer resolve within 400 ms"),
        Case(arguments: ["raw", "garbage"], kind: .malformedMessage, messageFragment: "this is not JSON at all"),
        Case(arguments: ["raw", "oversized"], kind: .oversizedMessage, messageFragment: "over 1048576 bytes",
             resolveDeadline: .seconds(30)),
        Case(arguments: ["raw", "method-not-found"], kind: .methodNotFound, messageFragment: "does not support resolve"),
        Case(arguments: ["raw", "unknown-id"], kind: .protocolViolation,
             messageFragment: "replied to request 999999, which was never sent"),
        Case(arguments: ["raw", "eleven-choices"], kind: .protocolViolation,
             messageFragment: "offered 11 choices for recipients; a disambiguation offers 2 to 10"),
        Case(arguments: ["raw", "one-choice"], kind: .protocolViolation, messageFragment: "offered 1 choice for recipients"),
        Case(arguments: ["raw", "wrong-result-class"], kind: .protocolViolation,
             messageFragment: "resolved recipients with INStringResolutionResult; it takes INSendMessageRecipientResolutionResult"),
        Case(arguments: ["raw", "empty-results"], kind: .protocolViolation,
             messageFragment: "answered resolve for recipients with an empty list"),
        Case(arguments: ["raw", "wrong-parameter"], kind: .protocolViolation,
             messageFragment: "answered resolve for content when asked for recipients"),
        Case(arguments: ["raw", "wrong-version"], kind: .incompatibleVersion, messageFragment: "protocol version 99"),
        Case(arguments: ["exit-at-start"], kind: .exitedAtStart, messageFragment: "exited before it was ready; what it wrote to stderr is in `parlance apps log"),
        Case(arguments: ["never-read"], kind: .startTimedOut, messageFragment: "did not start within 1.5 s"),
    ]

    @Test(arguments: failures)
    func eachMisbehaviourIsADistinctFailure(_ failure: Case) async throws {
        var policy = Self.fastPolicy()
        if let deadline = failure.resolveDeadline { policy.resolveDeadline = deadline }
        let host = ExtensionHost(policy: policy)
        let started = ContinuousClock.now
        let error = await #expect(throws: HostingError.self) {
            _ = try await host.resolve(["recipients"], of: Self.intent, in: TestProducts.testExtension(failure.arguments))
        }
        #expect(error?.kind == failure.kind)
        #expect(error?.message.contains(failure.messageFragment) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("TestApp") == true)
        // A bound on termination, not a speed figure (those come from parlance-bench): far below forever,
        // with room for a busy 2-core machine running other suites. Model training in the understanding
        // suites holds both threads of the cooperative pool for seconds at a time (docs/history.md, "Still missing"),
        // which delays every answer here alike: 27–32 s in session 6, 47–75 s in session 10 with the
        // end-to-end suites' assistants training beside them, up to 156 s in session 12 (a tagger that
        // trains a third longer, one core busy fuzzing). Alone, the whole suite takes 2 s.
        #expect(ContinuousClock.now - started < .seconds(300), "a failure never waits much past its deadline")
        await host.shutdown()
    }

    @Test func aSlowCallIsReportedAfterASecondThoughTheAppSendsNoProgress() async throws {
        let host = ExtensionHost()
        let heard = Mutex<[Duration]>([])
        for method in ["resolve", "confirm"] {
            let endpoint = TestProducts.testExtension(["sleepy", method])
            heard.withLock { $0 = [] }
            if method == "resolve" {
                _ = try await host.resolve(["recipients"], of: Self.intent, in: endpoint) { elapsed in
                    heard.withLock { $0.append(elapsed) }
                }
            } else {
                _ = try await host.confirm(Self.intent, in: endpoint) { elapsed in heard.withLock { $0.append(elapsed) } }
            }
            #expect(heard.withLock { $0 } == [.seconds(1)], "\(method)")
        }
        // A quick call says nothing.
        _ = try await host.confirm(Self.intent, in: TestProducts.testExtension([])) { _ in
            heard.withLock { $0.append(.zero) }
        }
        #expect(heard.withLock { $0 } == [.seconds(1)])
        await host.shutdown()
    }

    @Test func aResponseOfAnotherIntentIsRefused() async throws {
        let host = ExtensionHost(policy: Self.fastPolicy())
        let endpoint = TestProducts.testExtension(["raw", "wrong-response-class"])
        for method in ["confirm", "handle"] {
            let error = await #expect(throws: HostingError.self) {
                if method == "confirm" {
                    _ = try await host.confirm(Self.intent, in: endpoint)
                } else {
                    _ = try await host.handle(Self.intent, in: endpoint)
                }
            }
            #expect(error?.kind == .protocolViolation)
            #expect(error?.message == "TestApp's extension answered \(method) of INSendMessageIntent with "
                    + "INSendPaymentIntentResponse; it takes INSendMessageIntentResponse (docs/protocol.md)")
        }
        await host.shutdown()
    }

    @Test func aCrashedExtensionIsRestartedOnNextUse() async throws {
        let host = ExtensionHost(policy: Self.fastPolicy())
        let endpoint = TestProducts.testExtension(["crash", "confirm"])
        await #expect(throws: HostingError.self) { _ = try await host.confirm(Self.intent, in: endpoint) }
        #expect(await host.runningExtensions.isEmpty)
        let response = try await host.handle(Self.intent, in: endpoint)
        #expect((response as? INSendMessageIntentResponse)?.code == .success)
        await host.shutdown()
    }

    /// An extension that dies between two requests leaves a pipe without a reader; writing to it must fail
    /// that request (EPIPE), never raise the signal that ends the assistant (seen once under load), and
    /// programs the assistant launches must still get SIGPIPE's default — even when SwiftNIO has ignored it
    /// process-wide (at its first socket, on any thread, at any moment: here, before the launches).
    @Test(.waitsBlocking) func aBrokenPipeIsAnErrorNotTheAssistantsEnd() async throws {
        signal(SIGPIPE, SIG_IGN)
        let host = ExtensionHost(policy: Self.fastPolicy())
        await #expect(throws: HostingError.self) {
            _ = try await host.handle(Self.intent, in: TestProducts.testExtension(["exit-at-start"]))
        }
        await host.shutdown()
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        let written = write(ends[1], "x", 1)
        let failure = errno
        close(ends[1])
        #expect(written == -1 && failure == EPIPE, "a write to a pipe without a reader fails and the process goes on")

        let run = try AppCommand.run("/bin/sh", ["-c", "grep SigIgn /proc/self/status"],
                                     home: FileManager.default.temporaryDirectory)
        #expect(run.status == 0)
        let ignored = UInt64(run.output.split(separator: "\t").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "", radix: 16)
        #expect(ignored.map { $0 & (1 << (UInt64(SIGPIPE) - 1)) == 0 } == true, "a launched program ignores no SIGPIPE: \(run.output)")
    }

    @Test func aHungExtensionIsStoppedAndRestarted() async throws {
        let host = ExtensionHost(policy: Self.fastPolicy())
        let endpoint = TestProducts.testExtension(["hang", "handle"])
        let error = await #expect(throws: HostingError.self) { _ = try await host.handle(Self.intent, in: endpoint) }
        #expect(error?.kind == .deadlineExceeded)
        #expect(await host.runningExtensions.isEmpty)
        let resolutions = try await host.resolve(["recipients"], of: Self.intent, in: endpoint)
        #expect(resolutions.first?.results?.first?.result.kind == .success)
        await host.shutdown()
    }

    @Test func repeatedFailuresBackOff() async throws {
        var policy = Self.fastPolicy()
        policy.firstBackoff = .seconds(10)
        let clock = TestClock()
        let host = ExtensionHost(policy: policy, clock: clock)
        let endpoint = TestProducts.testExtension(["exit-at-start"])
        for _ in 0..<2 {
            await #expect(throws: HostingError.self) { _ = try await host.handle(Self.intent, in: endpoint) }
        }
        let refused = await #expect(throws: HostingError.self) { _ = try await host.handle(Self.intent, in: endpoint) }
        #expect(refused?.kind == .backingOff)
        #expect(refused?.message.contains("failed 2 times in a row; Parlance will try it again in 10 s") == true)
        clock.advance(by: .seconds(11))
        let retried = await #expect(throws: HostingError.self) { _ = try await host.handle(Self.intent, in: endpoint) }
        #expect(retried?.kind == .exitedAtStart, "after the back-off the extension is tried again")
    }

    @Test func aMissingExecutableIsALaunchFailure() async throws {
        let host = ExtensionHost()
        var endpoint = TestProducts.testExtension()
        endpoint.executable = "/nonexistent/MonkeyChatIntents"
        let error = await #expect(throws: HostingError.self) { _ = try await host.handle(Self.intent, in: endpoint) }
        #expect(error?.kind == .launchFailed)
        #expect(error?.message == "TestApp's extension executable /nonexistent/MonkeyChatIntents does not exist")
    }

    @Test func aSlowStartWithinTheDeadlineWorks() async throws {
        let host = ExtensionHost(policy: Self.fastPolicy())
        let response = try await host.handle(Self.intent, in: TestProducts.testExtension(["slow-start", "300"]))
        #expect((response as? INSendMessageIntentResponse)?.code == .success)
        await host.shutdown()
    }

    @Test func idleExtensionsStopAndTheLeastRecentlyUsedMakesRoom() async throws {
        var policy = Self.fastPolicy()
        policy.maximumLiveExtensions = 2
        policy.idleTimeout = .seconds(60)
        let clock = TestClock()
        let host = ExtensionHost(policy: policy, clock: clock)
        let endpoints = ["a", "b", "c"].map { TestProducts.testExtension(identifier: "com.example.\($0)", app: $0.uppercased()) }
        for endpoint in endpoints {
            _ = try await host.resolve(["recipients"], of: Self.intent, in: endpoint)
            clock.advance(by: .seconds(1))
        }
        #expect(await host.runningExtensions == ["com.example.b", "com.example.c"])
        _ = try await host.resolve(["recipients"], of: Self.intent, in: endpoints[1])
        clock.advance(by: .seconds(59))
        #expect(await host.stopIdle() == ["com.example.c"])
        #expect(await host.runningExtensions == ["com.example.b"])
        await host.shutdown()
    }
}

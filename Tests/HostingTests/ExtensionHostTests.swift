import ExtensionRuntime
import ExtensionWire
import Foundation
import Intents
import ParlanceHosting
import Synchronization
import TestSupport
import Testing

/// The host against real extension processes and against the in-process transport: the same calls,
/// the same answers.
@Suite struct ExtensionHostTests {
    enum Transport: String, CaseIterable, CustomTestStringConvertible {
        case process, inProcess
        var testDescription: String { rawValue }

        var launcher: any ExtensionLauncher {
            switch self {
            case .process: ProcessLauncher()
            case .inProcess: InProcessLauncher(["com.example.test.intents": { InProcessMessaging() }])
            }
        }
    }

    static func message(to names: [String], _ content: String = "more bananas") -> INSendMessageIntent {
        let people = names.map {
            INPerson(personHandle: INPersonHandle(value: $0, type: .unknown), nameComponents: nil, displayName: $0,
                     image: nil, contactIdentifier: nil, customIdentifier: nil)
        }
        return INSendMessageIntent(recipients: people, outgoingMessageType: .outgoingMessageText, content: content,
                                   speakableGroupName: nil, conversationIdentifier: nil, serviceName: nil, sender: nil)
    }

    /// For tests that are not about speed: while the whole suite runs, an in-process extension may wait seconds
    /// for a cooperative thread to start or answer on (session 27's CI saw 37 s, session 28's runs 5–6 s).
    static var unhurried: HostingPolicy {
        var policy = HostingPolicy()
        policy.startDeadline = .seconds(30)
        policy.resolveDeadline = .seconds(30)
        return policy
    }

    @Test(arguments: Transport.allCases)
    func resolveConfirmHandle(_ transport: Transport) async throws {
        let host = ExtensionHost(launcher: transport.launcher, policy: Self.unhurried)
        let endpoint = TestProducts.testExtension()
        let intent = Self.message(to: ["Bobo", "Kiki"])

        let resolutions = try await host.resolve(["recipients", "content"], of: intent, in: endpoint)
        #expect(resolutions.map(\.parameter) == ["recipients", "content"])
        let recipients = try #require(resolutions[0].results).map(\.result)
        #expect(recipients.map(\.kind) == [.disambiguation, .success])
        let options = try #require((recipients[0] as? INSendMessageRecipientResolutionResult)?.items)
        #expect(options.map(\.displayName) == ["Bobo", "Bobo the Great"])
        #expect(resolutions[1].results == nil, "content is not resolved by the extension")

        let confirmation = try #require(try await host.confirm(intent, in: endpoint) as? INSendMessageIntentResponse)
        #expect(confirmation.code == .ready)
        let response = try #require(try await host.handle(intent, in: endpoint) as? INSendMessageIntentResponse)
        #expect(response.code == .success)
        #expect(await host.supportedIntents(of: endpoint) == ["INSendMessageIntent", "INGetRideStatusIntent"]
            .filter { transport == .process || $0 == "INSendMessageIntent" })
        #expect(await host.runningExtensions == [endpoint.identifier])
        await host.shutdown()
        #expect(await host.runningExtensions.isEmpty)
    }

    /// What the caller records before an extension start (the journal's "decided") runs only when the
    /// extension must start; when it throws, nothing is started or sent.
    @Test func beforeStartingRunsOnlyWhenTheExtensionMustStart() async throws {
        let host = ExtensionHost(launcher: Transport.inProcess.launcher, policy: Self.unhurried)
        let endpoint = TestProducts.testExtension()
        let steps = Mutex<[String]>([])
        func handle() async throws(HostingError) {
            _ = try await host.handle(Self.message(to: ["Kiki"]), in: endpoint,
                                      beforeStarting: { steps.withLock { $0.append("starting") } },
                                      beforeSending: { steps.withLock { $0.append("sending") } })
        }
        try await handle()
        try await handle()
        #expect(steps.withLock { $0 } == ["starting", "sending", "sending"], "the second found it running")
        await host.stop(endpoint.identifier)

        struct Refused: Error {}
        let error = await #expect(throws: HostingError.self) {
            _ = try await host.handle(Self.message(to: ["Kiki"]), in: endpoint, beforeStarting: { throw Refused() },
                                      beforeSending: { steps.withLock { $0.append("sent anyway") } })
        }
        #expect(error?.kind == .notSent)
        #expect(await host.runningExtensions.isEmpty, "nothing was started")
        try await handle()
        #expect(steps.withLock { $0 } == ["starting", "sending", "sending", "starting", "sending"],
                "a refused start is no failure: the next call starts it")
        await host.shutdown()
    }

    @Test func anUnknownIntentForTheExtensionIsAClearError() async throws {
        let host = ExtensionHost()
        let intent = INStartWorkoutIntent(workoutName: nil, goalValue: nil, workoutGoalUnitType: .unknown,
                                          workoutLocationType: .unknown, isOpenEnded: nil)
        let error = await #expect(throws: HostingError.self) {
            try await host.handle(intent, in: TestProducts.testExtension())
        }
        #expect(error?.kind == .extensionError)
        #expect(error?.message.contains("returned no handler for INStartWorkoutIntent") == true)
        #expect(await host.runningExtensions.count == 1, "a refused call leaves a healthy extension running")
        await host.shutdown()
    }

    @Test func progressIsReportedWhileHandling() async throws {
        var policy = HostingPolicy()
        policy.progressInterval = .milliseconds(100)
        let host = ExtensionHost(policy: policy)
        let reports = ProgressCounter()
        _ = try await host.handle(Self.message(to: ["Kiki"]), in: TestProducts.testExtension(["slow", "handle"]),
                                  progress: { elapsed in reports.record(elapsed) })
        #expect(reports.count >= 2)
        await host.shutdown()
    }

    @Test func rideStatusUpdatesArrive() async throws {
        let host = ExtensionHost()
        let received = ProgressCounter()
        let intent = INGetRideStatusIntent()
        let started = try await host.startUpdates(for: intent, in: TestProducts.testExtension()) { _ in
            received.record(.zero)
        }
        #expect(started)
        for _ in 0..<200 where received.count < 3 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(received.count == 3)
        try await host.stopUpdates(for: intent, in: TestProducts.testExtension())
        await host.shutdown()
    }

    @Test func extensionLogLinesReachOnlyTheirAppsActivityLog() async throws {
        let log = CapturedLog()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("printy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let activity = ExtensionActivityLog(home: home)
        let host = ExtensionHost(logger: log.logger(), activity: activity)
        let endpoint = TestProducts.testExtension(["print", "resolve"], app: "PrintyApp")
        _ = try await host.resolve(["recipients"], of: Self.message(to: ["Kiki"]), in: endpoint)
        await host.shutdown()
        let entries = activity.entries(of: endpoint.appIdentifier)
        #expect(entries.contains { $0.event == "stderr" && $0.detail == "a stray print from resolve" },
                "a print goes to the app's activity log, not into the protocol: \(entries)")
        #expect(!log.all.contains { $0.message.contains("a stray print") }, "nor to the assistant's own log")
    }
}

/// Counts callbacks from other threads.
final class ProgressCounter: Sendable {
    private let values = Mutex<[Duration]>([])
    var count: Int { values.withLock { $0.count } }
    func record(_ value: Duration) { values.withLock { $0.append(value) } }
}

/// The in-process twin of the test extension's messaging handler.
final class InProcessMessaging: INExtension, @unchecked Sendable {
    override func handler(for intent: INIntent) -> Any? {
        intent is INSendMessageIntent ? InProcessMessageHandler() : nil
    }
}

final class InProcessMessageHandler: NSObject, INSendMessageIntentHandling {
    func resolveRecipients(for intent: INSendMessageIntent,
                           with completion: @escaping ([INSendMessageRecipientResolutionResult]) -> Void) {
        completion((intent.recipients ?? []).map { person in
            guard person.displayName == "Bobo" else { return .success(with: person) }
            return .disambiguation(with: ["Bobo", "Bobo the Great"].map {
                INPerson(personHandle: INPersonHandle(value: $0.lowercased(), type: .unknown), nameComponents: nil,
                         displayName: $0, image: nil, contactIdentifier: nil, customIdentifier: nil)
            })
        })
    }

    func confirm(intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {
        completion(INSendMessageIntentResponse(code: .ready, userActivity: nil))
    }

    func handle(intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {
        completion(INSendMessageIntentResponse(code: .success, userActivity: nil))
    }
}

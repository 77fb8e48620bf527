import ExtensionWire
import Foundation
import Intents
import IntentsUI
import Logging
import ParlanceCore
import Synchronization

/// Runs app extensions for the assistant: starts each on first use, keeps it warm, stops it when idle
/// or when too many run (least recently used first), restarts it after a failure with back-off, and
/// gives every call a deadline. Failures come back as `HostingError`s; the host never hangs.
///
/// The same host serves every client of the assistant (chat, HTTP, a maps-style client).
public actor ExtensionHost {
    private struct Slot {
        var endpoint: ExtensionEndpoint
        var lifecycle: ExtensionLifecycle
        var connection: ExtensionConnection?
        var starting: Task<ExtensionConnection, any Error>?
        var intents: [String] = []
    }

    private let launcher: any ExtensionLauncher
    private let policy: HostingPolicy
    private let clock: any HostClock
    private let logger: Logger
    private let language: String?
    private let activity: ExtensionActivityLog?
    private var slots: [String: Slot] = [:]
    /// Hears every call as it ends (a server's metrics); nil: nobody.
    private var callObserver: (any ExtensionCallObserver)?
    /// Ride status receivers, reached straight from the connection's reading thread.
    private let updateRoutes = UpdateRoutes()

    /// A host that launches extensions with `launcher` (processes by default); `activity` records every
    /// call and the extensions' stderr per app.
    public init(launcher: any ExtensionLauncher = ProcessLauncher(), policy: HostingPolicy = HostingPolicy(),
                clock: any HostClock = SystemHostClock(), logger: Logger = Logger(label: "parlance.hosting"),
                language: String? = nil, activity: ExtensionActivityLog? = nil) {
        self.launcher = launcher
        self.activity = activity
        self.policy = policy
        self.clock = clock
        self.logger = logger
        self.language = language
    }

    /// Tells `observer` of every call from now on, as it ends.
    public func observeCalls(with observer: any ExtensionCallObserver) {
        callObserver = observer
    }

    // MARK: Calls

    /// Resolves parameters of an intent, in the given order. `progress` hears when the call has taken a
    /// second (and each `$/progress` the extension sends).
    public func resolve(_ parameters: [String], of intent: INIntent, in endpoint: ExtensionEndpoint,
                        progress: (@Sendable (Duration) -> Void)? = nil) async throws(HostingError) -> [ParameterResolution] {
        try await perform(endpoint, "resolve", intent, summary: Self.summary(of:)) { connection throws(HostingError) in
            let result = try await connection.call(.resolve, ResolveParams(intent: intent, parameters: parameters),
                                                   as: ResolveResult.self, deadline: policy.resolveDeadline, progress: progress)
            try ProtocolRules.check(result.resolutions, requested: parameters, of: intent, app: endpoint.appName)
            if result.confirmImplemented == false, let identifier = intent.identifier {
                connection.noteNoConfirm(for: identifier)
            }
            return result.resolutions
        }
    }

    /// Confirms an intent; nil when the extension does not implement confirm. `progress` as for `resolve`.
    /// Sends nothing when the extension's resolve reply for this intent said its handler has no confirm.
    public func confirm(_ intent: INIntent, in endpoint: ExtensionEndpoint,
                        progress: (@Sendable (Duration) -> Void)? = nil) async throws(HostingError) -> INIntentResponse? {
        if let identifier = intent.identifier, let slot = slots[endpoint.identifier], slot.endpoint == endpoint,
           slot.connection?.hasNoConfirm(for: identifier) == true {
            return nil
        }
        return try await perform(endpoint, "confirm", intent, summary: { $0.map(Self.summary(of:)) ?? "not implemented" }) {
            connection throws(HostingError) in
            let response = try await connection.call(.confirm, IntentParams(intent: intent), as: ResponseResult.self,
                                                     deadline: policy.resolveDeadline, progress: progress).response?.response
            if let response { try ProtocolRules.check(response, to: intent, method: "confirm", app: endpoint.appName) }
            return response
        }
    }

    /// Handles an intent. `beforeStarting` runs only when the extension is not running and ready — before
    /// it is started, or before waiting for another caller's start — so that what the caller records
    /// survives a crash during the start; `beforeSending` runs once the extension is ready, just before the
    /// request leaves (the journal records it as sent). When either throws, nothing is sent and the call
    /// fails with `notSent`. `progress` hears when the call has taken a second, then each `$/progress` the
    /// extension sends (about once a second).
    public func handle(_ intent: INIntent, in endpoint: ExtensionEndpoint,
                       beforeStarting: (@Sendable () throws -> Void)? = nil,
                       beforeSending: (@Sendable () throws -> Void)? = nil,
                       progress: (@Sendable (Duration) -> Void)? = nil) async throws(HostingError) -> INIntentResponse {
        let response = try await perform(endpoint, "handle", intent, beforeStarting: beforeStarting,
                                         summary: { $0.map(Self.summary(of:)) ?? "no response" }) {
            connection throws(HostingError) in
            let response = try await connection.call(.handle, IntentParams(intent: intent), as: ResponseResult.self,
                                                     deadline: policy.handleDeadline, beforeSending: beforeSending,
                                                     progress: progress).response?.response
            if let response { try ProtocolRules.check(response, to: intent, method: "handle", app: endpoint.appName) }
            return response
        }
        guard let response else {
            throw HostingError(.extensionError, app: endpoint.appName, "\(endpoint.appName)'s extension handled "
                               + "\(intent.intentName) without a response")
        }
        return response
    }

    /// Asks an Intents UI extension for its view of an interaction; nil means the default view.
    public func configureView(for interaction: INInteraction, context: INUIHostedViewContext = .siriSnippet,
                              language: String? = nil, in endpoint: ExtensionEndpoint) async throws(HostingError) -> INUIView? {
        try await perform(endpoint, "configureView", interaction.intent, summary: { $0 == nil ? "default view" : "a view" }) {
            connection throws(HostingError) in
            try await connection.call(.configureView,
                                      ConfigureViewParams(interaction: interaction, context: context, language: language),
                                      as: ConfigureViewResult.self, deadline: policy.resolveDeadline).view
        }
    }

    /// Starts ride status updates; `onUpdate` receives each status until `stopUpdates`; `onEnd` hears
    /// once if the extension dies first (updates then stop: start them again to resume). False when the
    /// extension does not send updates.
    public func startUpdates(for intent: INGetRideStatusIntent, in endpoint: ExtensionEndpoint,
                             onUpdate: @escaping @Sendable (INIntentResponse) -> Void,
                             onEnd: @escaping @Sendable (HostingError) -> Void = { _ in }) async throws(HostingError) -> Bool {
        let key = Self.updateKey(endpoint.identifier, intent.identifier)
        updateRoutes.receivers.withLock { $0[key] = UpdateRoutes.Receiver(onUpdate: onUpdate, onEnd: onEnd) }
        return try await perform(endpoint, "startUpdates", intent, summary: { $0 ? "sending updates" : "no updates" }) {
            connection throws(HostingError) in
            try await connection.call(.startUpdates, IntentParams(intent: intent), as: UpdatesResult.self,
                                      deadline: policy.resolveDeadline).implemented
        }
    }

    /// Stops ride status updates.
    public func stopUpdates(for intent: INGetRideStatusIntent, in endpoint: ExtensionEndpoint) async throws(HostingError) {
        let key = Self.updateKey(endpoint.identifier, intent.identifier)
        _ = updateRoutes.receivers.withLock { $0.removeValue(forKey: key) }
        _ = try await perform(endpoint, "stopUpdates", intent) { connection throws(HostingError) in
            try await connection.call(.stopUpdates, IntentParams(intent: intent), as: UpdatesResult.self,
                                      deadline: policy.resolveDeadline)
        }
    }

    /// The intents the extension reported handlers for when it started (empty until it has run).
    public func supportedIntents(of endpoint: ExtensionEndpoint) -> [String] {
        slots[endpoint.identifier]?.intents ?? []
    }

    // MARK: Lifecycle

    /// Identifiers of the extensions whose processes run now.
    public var runningExtensions: [String] {
        slots.filter { $0.value.connection != nil && $0.value.lifecycle.state == .running }.keys.sorted()
    }

    /// Stops one extension (after its in-flight calls fail or finish).
    public func stop(_ identifier: String) async {
        guard var slot = slots[identifier] else { return }
        let connection = slot.connection
        slot.connection = nil
        slot.lifecycle.didStop()
        slots[identifier] = slot
        await connection?.stop(grace: policy.stopGrace)
    }

    /// Stops the extensions unused for the idle timeout; returns their identifiers.
    @discardableResult
    public func stopIdle() async -> [String] {
        let now = clock.now
        let idle = slots.filter { $0.value.lifecycle.isIdle(now: now, policy: policy) }.keys.sorted()
        for identifier in idle {
            logger.debug("stopping idle extension", metadata: ["extension": "\(identifier)"])
            await stop(identifier)
        }
        return idle
    }

    /// Stops every extension, then waits for the activity log's queued entries to be written.
    public func shutdown() async {
        for (identifier, slot) in slots { slot.starting?.cancel(); await stop(identifier) }
        activity?.waitUntilWritten()
    }

    /// Stops idle extensions every few seconds until cancelled, then stops them all. Run it beside the
    /// assistant's other services.
    public func run() async {
        let interval = min(policy.idleTimeout / 4, .seconds(5))
        while (try? await clock.sleep(for: interval)) != nil {
            await stopIdle()
        }
        await shutdown()
    }

    // MARK: Internals

    static func summary(of resolutions: [ParameterResolution]) -> String {
        resolutions.map { resolution in
            let kinds = resolution.results.map { $0.map(\.result.kind.rawValue).joined(separator: ", ") } ?? "not implemented"
            return "\(resolution.parameter): \(kinds)"
        }.joined(separator: "; ")
    }

    static func summary(of response: INIntentResponse) -> String {
        "code: \(response.codeName)"
    }

    private func perform<Result: Sendable>(
        _ endpoint: ExtensionEndpoint, _ event: String, _ intent: INIntent,
        beforeStarting: (@Sendable () throws -> Void)? = nil,
        summary: (Result) -> String? = { _ in nil },
        _ body: (ExtensionConnection) async throws(HostingError) -> Result) async throws(HostingError) -> Result {
        let began = ContinuousClock.now
        defer { TurnTimeMeter.current?.add(ContinuousClock.now - began, to: .app) }
        let record = { [activity, callObserver] (detail: String?, failed: Bool) in
            let duration = ContinuousClock.now - began
            callObserver?.extensionCallEnded(app: endpoint.appIdentifier, call: event, duration: duration, failed: failed)
            let elapsed = duration / .milliseconds(1)
            activity?.record(.init(event: event, intent: String(describing: type(of: intent)), detail: detail,
                                   milliseconds: (elapsed * 10).rounded() / 10, failed: failed ? true : nil),
                             app: endpoint.appIdentifier)
        }
        let connection: ExtensionConnection
        do {
            connection = try await runningConnection(for: endpoint, beforeStarting: beforeStarting)
        } catch {
            if error.kind == .notSent { throw error }  // the caller kept the request back: no call, nothing to log
            logger.error("\(error.message)", metadata: ["app": "\(endpoint.appName)", "failure": "\(error.kind.rawValue)"])
            record(error.message, true)
            throw error
        }
        let id = endpoint.identifier
        slots[id]?.lifecycle.callBegan(now: clock.now)
        do {
            let result = try await body(connection)
            slots[id]?.lifecycle.callEnded(now: clock.now, succeeded: true)
            record(summary(result), false)
            return result
        } catch {
            // A request the caller kept back is no call, and no failure of the extension's.
            if error.kind != .notSent { record(error.message, true) }
            slots[id]?.lifecycle.callEnded(now: clock.now, succeeded: error.kind == .notSent)
            logger.error("\(error.message)", metadata: ["app": "\(endpoint.appName)", "failure": "\(error.kind.rawValue)"])
            if connection.isBroken { recordBreak(of: connection, id: id) }
            throw error
        }
    }

    /// The live connection, starting the process when needed.
    private func runningConnection(for endpoint: ExtensionEndpoint, beforeStarting: (@Sendable () throws -> Void)? = nil)
        async throws(HostingError) -> ExtensionConnection {
        /// The caller's record before a start: thrown as `notSent`, with nothing started.
        func prepareForStart() throws(HostingError) {
            do {
                try beforeStarting?()
            } catch {
                throw HostingError(.notSent, app: endpoint.appName, "\(error)")
            }
        }
        let id = endpoint.identifier
        let now = clock.now
        if slots[id] == nil { slots[id] = Slot(endpoint: endpoint, lifecycle: ExtensionLifecycle(now: now)) }
        if let connection = slots[id]?.connection, connection.isBroken || slots[id]?.endpoint != endpoint {
            // It died while idle, or the app was reinstalled with another executable.
            if connection.isBroken { recordBreak(of: connection, id: id) } else { await stop(id) }
        }
        guard let admission = slots[id]?.lifecycle.admit(now: now) else { throw stoppedError(endpoint) }
        switch admission {
        case .call:
            if let connection = slots[id]?.connection { return connection }
            slots[id]?.lifecycle.didStop()
            return try await runningConnection(for: endpoint, beforeStarting: beforeStarting)
        case let .refuse(retryIn):
            let failures = slots[id]?.lifecycle.consecutiveFailures ?? 0
            throw HostingError(.backingOff, app: endpoint.appName, "\(endpoint.appName)'s extension failed \(failures) "
                               + "times in a row; Parlance will try it again in \(DurationText.of(retryIn, roundingUp: true))")
        case .awaitStart:
            guard let starting = slots[id]?.starting else { throw stoppedError(endpoint) }
            try prepareForStart()
            return try await Self.value(of: starting, app: endpoint.appName)
        case .start:
            do throws(HostingError) {
                try prepareForStart()
            } catch {
                slots[id]?.lifecycle.didStop()  // nothing was started
                throw error
            }
            slots[id]?.endpoint = endpoint
            await makeRoom(for: id)
            let starting = Task { try await self.launch(endpoint) }
            slots[id]?.starting = starting
            do throws(HostingError) {
                let connection = try await Self.value(of: starting, app: endpoint.appName)
                slots[id]?.starting = nil
                slots[id]?.connection = connection
                slots[id]?.lifecycle.didStart(now: clock.now)
                return connection
            } catch {
                slots[id]?.starting = nil
                slots[id]?.lifecycle.didFail(now: clock.now, policy: policy)
                throw error
            }
        }
    }

    private static func value(of task: Task<ExtensionConnection, any Error>, app: String) async throws(HostingError)
        -> ExtensionConnection {
        do {
            return try await task.value
        } catch let error as HostingError {
            throw error
        } catch {
            throw HostingError(.stopped, app: app, "\(app)'s extension was stopped while starting")
        }
    }

    private func launch(_ endpoint: ExtensionEndpoint) async throws(HostingError) -> ExtensionConnection {
        let logger = logger
        let app = endpoint.appName
        let transport: any LineTransport
        do {
            // An extension's stderr goes to its app's activity log only, never to the assistant's output.
            transport = try launcher.makeTransport(for: endpoint) { [activity] line in
                activity?.record(.init(event: "stderr", detail: line), app: endpoint.appIdentifier)
            }
        } catch {
            throw HostingError(.launchFailed, app: app, error.message)
        }
        let connection = ExtensionConnection(
            endpoint: endpoint, transport: transport, clock: clock, logger: logger,
            onBreak: { [updateRoutes, activity] _, failure in
                logger.warning("\(failure.message)", metadata: ["app": "\(app)", "failure": "\(failure.kind.rawValue)"])
                activity?.record(.init(event: "end", detail: failure.message, failed: true), app: endpoint.appIdentifier)
                updateRoutes.end(extension: endpoint.identifier, failure)
            },
            onUpdate: { [updateRoutes] update in
                let key = Self.updateKey(endpoint.identifier, update.intentIdentifier)
                let receiver = updateRoutes.receivers.withLock { $0[key] }
                receiver?.onUpdate(update.response.response)
            })
        do throws(TransportError) {
            try connection.start()
        } catch {
            throw HostingError(.launchFailed, app: app, error.message)
        }
        let started = clock.now
        let result: InitializeResult
        do throws(HostingError) {
            result = try await connection.call(
                .initialize,
                InitializeParams(client: "parlance", language: language,
                                 progressIntervalMilliseconds: Int(policy.progressInterval / .milliseconds(1))),
                as: InitializeResult.self, deadline: policy.startDeadline)
        } catch {
            connection.terminate(error)
            switch error.kind {
            case .crashed:
                throw HostingError(.exitedAtStart, app: app, "\(app)'s extension exited before it was ready; what it "
                                   + "wrote to stderr is in `parlance apps log \(endpoint.appIdentifier)`")
            case .deadlineExceeded:
                throw HostingError(.startTimedOut, app: app,
                                   "\(app)'s extension did not start within \(DurationText.of(policy.startDeadline))")
            default:
                throw error
            }
        }
        guard result.protocolVersion == WireProtocol.version else {
            let failure = HostingError(.incompatibleVersion, app: app, "\(app)'s extension speaks protocol version "
                                       + "\(result.protocolVersion); Parlance speaks \(WireProtocol.version)")
            connection.terminate(failure)
            throw failure
        }
        slots[endpoint.identifier]?.intents = result.intents
        let startMilliseconds = (clock.now - started) / .milliseconds(1)
        logger.debug("extension started", metadata: ["app": "\(app)", "ms": "\(Int(startMilliseconds))"])
        activity?.record(.init(event: "start", detail: "\(endpoint.identifier) ready: \(result.intents.joined(separator: ", "))",
                               milliseconds: (startMilliseconds * 10).rounded() / 10), app: endpoint.appIdentifier)
        return connection
    }

    /// Stops the least recently used idle extension when starting one more would pass the cap.
    private func makeRoom(for id: String) async {
        let live = slots.filter { $0.key != id && ($0.value.connection != nil || $0.value.starting != nil) }
        guard live.count >= policy.maximumLiveExtensions else { return }
        let idle = live.filter { $0.value.lifecycle.callsInFlight == 0 && $0.value.connection != nil }
        guard let victim = idle.min(by: { $0.value.lifecycle.lastUsed < $1.value.lifecycle.lastUsed }) else {
            logger.notice("every running extension is busy; starting one more than the cap",
                          metadata: ["cap": "\(policy.maximumLiveExtensions)"])
            return
        }
        logger.debug("stopping least recently used extension", metadata: ["extension": "\(victim.key)"])
        await stop(victim.key)
    }

    private func recordBreak(of connection: ExtensionConnection, id: String) {
        guard let current = slots[id]?.connection, current === connection else { return }
        slots[id]?.connection = nil
        slots[id]?.lifecycle.didFail(now: clock.now, policy: policy)
    }

    private func stoppedError(_ endpoint: ExtensionEndpoint) -> HostingError {
        HostingError(.stopped, app: endpoint.appName, "\(endpoint.appName)'s extension was stopped")
    }

    private static func updateKey(_ extensionIdentifier: String, _ intentIdentifier: String?) -> String {
        extensionIdentifier + "\u{0}" + (intentIdentifier ?? "")
    }
}

/// Ride status receivers by extension and intent, shared with the connections' reading threads.
final class UpdateRoutes: Sendable {
    struct Receiver: Sendable {
        let onUpdate: @Sendable (INIntentResponse) -> Void
        let onEnd: @Sendable (HostingError) -> Void
    }

    let receivers = Mutex<[String: Receiver]>([:])

    /// The extension died: its receivers hear it once and are forgotten.
    func end(extension identifier: String, _ failure: HostingError) {
        let prefix = identifier + "\u{0}"
        let ended = receivers.withLock { receivers -> [Receiver] in
            let keys = receivers.keys.filter { $0.hasPrefix(prefix) }
            defer { for key in keys { receivers[key] = nil } }
            return keys.compactMap { receivers[$0] }
        }
        for receiver in ended { receiver.onEnd(failure) }
    }
}

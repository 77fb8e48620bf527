import ExtensionWire
import Foundation
import Logging
import Synchronization

/// The assistant's JSON-RPC client for one extension over any `LineTransport`: numbers requests,
/// matches replies, enforces deadlines, routes notifications. A malformed line or a closed transport
/// fails every waiting call with a distinct `HostingError`; nothing waits forever.
final class ExtensionConnection: LineTransportDelegate, @unchecked Sendable {
    private struct Pending {
        let method: String
        var continuation: CheckedContinuation<JSONValue, any Error>?
        var outcome: Result<JSONValue, HostingError>?
        let progress: (@Sendable (Duration) -> Void)?
    }

    private struct State {
        var nextID = 1
        var pending: [Int: Pending] = [:]
        /// Set once the connection can no longer carry calls.
        var failure: HostingError?
        /// The assistant asked the extension to stop: its exit is expected.
        var stopping = false
        /// Recent intents whose handler the extension said has no confirm (newest last, bounded).
        var withoutConfirm: [String] = []
    }

    let endpoint: ExtensionEndpoint
    private let transport: any LineTransport
    private let logger: Logger
    private let clock: any HostClock
    private let state = Mutex(State())
    /// Called once when the connection breaks (crash, garbage, oversize), not on a requested stop.
    private let onBreak: @Sendable (ExtensionConnection, HostingError) -> Void
    private let onUpdate: @Sendable (UpdateParams) -> Void

    init(endpoint: ExtensionEndpoint, transport: any LineTransport, clock: any HostClock, logger: Logger,
         onBreak: @escaping @Sendable (ExtensionConnection, HostingError) -> Void,
         onUpdate: @escaping @Sendable (UpdateParams) -> Void) {
        self.endpoint = endpoint
        self.transport = transport
        self.clock = clock
        self.logger = logger
        self.onBreak = onBreak
        self.onUpdate = onUpdate
    }

    func start() throws(TransportError) {
        try transport.start(delegate: self)
    }

    var isBroken: Bool { state.withLock { $0.failure != nil } }

    /// Remembers that the handler of the intent `identifier` has no confirm (the extension said so in
    /// its resolve reply), so that no confirm is sent for it. Kept for the last few intents only.
    func noteNoConfirm(for identifier: String) {
        state.withLock { state in
            guard !state.withoutConfirm.contains(identifier) else { return }
            state.withoutConfirm.append(identifier)
            if state.withoutConfirm.count > Self.intentsRemembered { state.withoutConfirm.removeFirst() }
        }
    }

    /// Whether the extension said the intent's handler has no confirm.
    func hasNoConfirm(for identifier: String) -> Bool {
        state.withLock { $0.failure == nil && $0.withoutConfirm.contains(identifier) }
    }

    private static let intentsRemembered = 16

    /// Calls a method and decodes its result; fails with a `HostingError` on every kind of trouble.
    /// Runs on the caller's executor: the only hop is the reply's resumption.
    nonisolated(nonsending)
    func call<Params: Encodable & Sendable, Result: Decodable & Sendable>(
        _ method: WireMethod, _ params: Params, as: Result.Type, deadline: Duration,
        beforeSending: (@Sendable () throws -> Void)? = nil,
        progress: (@Sendable (Duration) -> Void)? = nil) async throws(HostingError) -> Result {
        let id = try register(method.rawValue, progress: progress)
        let line: Data
        do {
            line = try WireProtocol.line(OutgoingRequest(id: id, method: method, params: params))
        } catch {
            _ = state.withLock { $0.pending.removeValue(forKey: id) }
            throw HostingError(.extensionError, app: endpoint.appName, "could not encode the \(method.rawValue) request: \(error)")
        }
        do {
            try beforeSending?()
        } catch {
            _ = state.withLock { $0.pending.removeValue(forKey: id) }
            throw HostingError(.notSent, app: endpoint.appName, "\(error)")
        }
        let timer = clock.schedule(after: deadline) { [weak self] in
            self?.expire(id, method: method.rawValue, deadline: deadline)
        }
        defer { timer.cancel() }
        // The user hears that the app is working after a second, whether or not it reports progress.
        let waiting = progress.map { report in
            clock.schedule(after: Self.waitingAfter) { [weak self] in
                if self?.state.withLock({ $0.pending[id] != nil }) == true { report(Self.waitingAfter) }
            }
        }
        defer { waiting?.cancel() }
        do throws(TransportError) {
            try await transport.send(line)
        } catch {
            _ = state.withLock { $0.pending.removeValue(forKey: id) }
            if let failure = state.withLock({ $0.failure }) { throw failure }
            let kind: HostingError.Kind = error.kind == .notReading ? .notReading : .crashed
            throw HostingError(kind, app: endpoint.appName, "\(endpoint.appName)'s extension: \(error.message)")
        }
        let reply = try await reply(to: id)
        do {
            return try JSONValueDecoder().decode(ReplyResult<Result>.self, from: reply).result
        } catch {
            let failure = HostingError(.malformedMessage, app: endpoint.appName,
                "\(endpoint.appName)'s extension replied to \(method.rawValue) with an unreadable result: "
                + WireDecodingMessage.describe(error))
            breakConnection(failure)
            transport.terminate()
            throw failure
        }
    }

    /// How long a call runs before its caller hears that the extension is still working.
    static let waitingAfter: Duration = .seconds(1)

    /// Asks the extension to finish, then stops the transport (forcibly after `grace`).
    func stop(grace: Duration) async {
        state.withLock { $0.stopping = true }
        if !isBroken {
            _ = try? await call(.shutdown, NoParams(), as: NoParams.self, deadline: grace)
        }
        markStopped()
        await transport.stop(grace: grace)
    }

    /// Ends the extension at once; waiting calls fail with `failure`.
    func terminate(_ failure: HostingError) {
        breakConnection(failure, notify: false)
        transport.terminate()
    }

    private func register(_ method: String, progress: (@Sendable (Duration) -> Void)?) throws(HostingError) -> Int {
        let result = state.withLock { state -> Swift.Result<Int, HostingError> in
            if let failure = state.failure { return .failure(failure) }
            let id = state.nextID
            state.nextID += 1
            state.pending[id] = Pending(method: method, progress: progress)
            return .success(id)
        }
        return try result.get()
    }

    /// The deadline passed: the call fails, and the extension, hung or too slow, is stopped.
    private func expire(_ id: Int, method: String, deadline: Duration) {
        guard state.withLock({ $0.pending[id] != nil }) else { return }
        let failure = HostingError(.deadlineExceeded, app: endpoint.appName,
            "\(endpoint.appName)'s extension did not answer \(method) within \(DurationText.of(deadline)); it was stopped")
        terminate(failure)
    }

    nonisolated(nonsending)
    private func reply(to id: Int) async throws(HostingError) -> JSONValue {
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<JSONValue, any Error>) in
                    let ready = state.withLock { state -> Swift.Result<JSONValue, HostingError>?? in
                        guard var pending = state.pending[id] else { return .some(nil) }
                        if let outcome = pending.outcome {
                            state.pending[id] = nil
                            return .some(outcome)
                        }
                        pending.continuation = continuation
                        state.pending[id] = pending
                        return nil
                    }
                    switch ready {
                    case let .some(.some(outcome)): continuation.resume(with: outcome)
                    case .some(.none): continuation.resume(throwing: state.withLock { $0.failure } ?? CancellationError())
                    case .none: break
                    }
                }
            } onCancel: {
                let waiting = state.withLock { $0.pending.removeValue(forKey: id)?.continuation }
                waiting?.resume(throwing: CancellationError())
            }
        } catch let error as HostingError {
            throw error
        } catch {
            throw HostingError(.stopped, app: endpoint.appName, "the call to \(endpoint.appName)'s extension was cancelled")
        }
    }

    private func complete(_ id: Int, with outcome: Result<JSONValue, HostingError>) -> Bool {
        let waiting = state.withLock { state -> (found: Bool, continuation: CheckedContinuation<JSONValue, any Error>?) in
            guard var pending = state.pending[id] else { return (false, nil) }
            guard let continuation = pending.continuation else {
                pending.outcome = outcome
                state.pending[id] = pending
                return (true, nil)
            }
            state.pending[id] = nil
            return (true, continuation)
        }
        waiting.continuation?.resume(with: outcome)
        return waiting.found
    }

    private func markStopped() {
        let failure = HostingError(.stopped, app: endpoint.appName, "\(endpoint.appName)'s extension was stopped")
        breakConnection(failure, notify: false)
    }

    /// Fails every waiting call and refuses new ones.
    private func breakConnection(_ failure: HostingError, notify: Bool = true) {
        let (first, waiting) = state.withLock { state -> (Bool, [CheckedContinuation<JSONValue, any Error>]) in
            let first = state.failure == nil
            if first { state.failure = failure }
            let waiting = state.pending.values.compactMap(\.continuation)
            for (id, var pending) in state.pending where pending.continuation == nil {
                pending.outcome = .failure(state.failure ?? failure)
                state.pending[id] = pending
            }
            state.pending = state.pending.filter { $0.value.continuation == nil }
            return (first, waiting)
        }
        let reported = state.withLock { $0.failure } ?? failure
        for continuation in waiting { continuation.resume(throwing: reported) }
        if first && notify { onBreak(self, reported) }
    }

    // MARK: LineTransportDelegate

    func transport(didReceive line: Data) {
        // The line is read once: its header routes it, and a reply's result is decoded from the same value.
        let value: JSONValue
        let message: IncomingMessage
        do {
            value = try JSONValue(jsonData: line)
            message = try JSONValueDecoder().decode(IncomingMessage.self, from: value)
        } catch {
            let preview = String(decoding: line.prefix(120), as: UTF8.self)
            logger.error("extension sent a line that is not JSON-RPC", metadata: ["app": "\(endpoint.appName)", "line": "\(preview)"])
            let failure = HostingError(.malformedMessage, app: endpoint.appName,
                "\(endpoint.appName)'s extension sent something that is not a protocol message (\(preview)); it was stopped")
            breakConnection(failure)
            transport.terminate()
            return
        }
        switch message.kind {
        case let .reply(id):
            let outcome: Result<JSONValue, HostingError>
            if let error = message.error {
                let method = state.withLock { $0.pending[id]?.method } ?? "a call"
                outcome = .failure(remoteFailure(error, method: method))
            } else {
                outcome = .success(value)
            }
            guard !complete(id, with: outcome) else { return }
            if state.withLock({ id >= 1 && id < $0.nextID }) {
                // A late answer to a call that already failed (its deadline passed).
                logger.notice("extension replied to a call that is no longer waiting", metadata: ["app": "\(endpoint.appName)", "id": "\(id)"])
                return
            }
            let failure = HostingError(.protocolViolation, app: endpoint.appName,
                "\(endpoint.appName)'s extension replied to request \(id), which was never sent (docs/protocol.md); it was stopped")
            logger.error("\(failure.message)", metadata: ["app": "\(endpoint.appName)"])
            breakConnection(failure)
            transport.terminate()
        case let .notification(method):
            receiveNotification(method, message: value)
        case let .orphanError(error):
            logger.error("extension could not read a request", metadata: ["app": "\(endpoint.appName)", "error": "\(error.message)"])
        }
    }

    func transport(didClose closure: TransportClosure) {
        let method = state.withLock { $0.pending.values.first?.method } ?? "idle time"
        let failure = HostingError.from(closure, app: endpoint.appName, during: method,
                                       appIdentifier: endpoint.appIdentifier)
        let expected = state.withLock { $0.stopping || $0.failure != nil }
        logger.log(level: expected ? .debug : .warning, "extension ended",
                   metadata: ["app": "\(endpoint.appName)", "how": "\(closure)"])
        // An exit while stopping is what was asked for: no failure to report.
        breakConnection(failure, notify: !expected)
    }

    private func receiveNotification(_ method: String, message: JSONValue) {
        switch WireMethod(rawValue: method) {
        case .progress:
            guard let params = try? JSONValueDecoder().decode(NotificationParams<ProgressParams>.self, from: message).params,
                  case let .number(id) = params.id else { return }
            let progress = state.withLock { $0.pending[id]?.progress }
            progress?(.milliseconds(params.elapsedMilliseconds))
        case .update:
            do {
                onUpdate(try JSONValueDecoder().decode(NotificationParams<UpdateParams>.self, from: message).params)
            } catch {
                logger.error("extension sent an unreadable ride status",
                             metadata: ["app": "\(endpoint.appName)", "error": "\(WireDecodingMessage.describe(error))"])
            }
        default:
            logger.notice("extension sent an unknown notification", metadata: ["app": "\(endpoint.appName)", "method": "\(method)"])
        }
    }

    private func remoteFailure(_ error: WireErrorObject, method: String) -> HostingError {
        if error.code == WireErrorCode.methodNotFound.rawValue {
            return HostingError(.methodNotFound, app: endpoint.appName,
                                "\(endpoint.appName)'s extension does not support \(method): \(error.message)", wireCode: error.code)
        }
        if error.code == WireErrorCode.notInitialized.rawValue && method == WireMethod.initialize.rawValue {
            return HostingError(.incompatibleVersion, app: endpoint.appName,
                                "\(endpoint.appName)'s extension refused to start: \(error.message)", wireCode: error.code)
        }
        return HostingError(.extensionError, app: endpoint.appName,
                            "\(endpoint.appName)'s extension could not \(method): \(error.message)", wireCode: error.code)
    }
}

/// Short human durations: "250 ms", "5 s".
enum DurationText {
    static func of(_ duration: Duration, roundingUp: Bool = false) -> String {
        if roundingUp, duration >= .seconds(1) {
            return "\(Int((duration / .seconds(1)).rounded(.up))) s"
        }
        let milliseconds = Int(duration / .milliseconds(1))
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        let seconds = Double(milliseconds) / 1000
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
    }
}

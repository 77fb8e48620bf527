import ExtensionWire
import Foundation
import Synchronization

/// Sends `$/progress` for one running request every interval until stopped. The ticks are deadlines on the
/// shared `DeadlineWatch`, not a task or a dispatch timer: arming and stopping them for a request answered
/// at once wakes no thread (a dispatch timer woke dispatch's manager thread twice per request).
final class ProgressTicker: Sendable {
    private struct State {
        var token: UInt64?
        var stopped = false
    }

    private let id: WireRequestID
    private let interval: Duration
    private let start: ContinuousClock.Instant
    private let output: ReplyWriter
    private let state = Mutex(State())

    init(id: WireRequestID, every interval: Duration, output: ReplyWriter) {
        self.id = id
        // Between a millisecond and about eleven days, whatever the assistant asked for.
        self.interval = min(max(interval, .milliseconds(1)), .seconds(1_000_000))
        self.output = output
        start = .now
        arm(at: start + self.interval)
    }

    /// No more reports; one already being sent finishes.
    func stop() {
        let token = state.withLock { state -> UInt64? in
            state.stopped = true
            defer { state.token = nil }
            return state.token
        }
        if let token { DeadlineWatch.shared.cancel(token) }
    }

    private func arm(at deadline: ContinuousClock.Instant) {
        let token = DeadlineWatch.shared.schedule(at: deadline) { [self] in tick(due: deadline) }
        let cancelled = state.withLock { state -> Bool in
            if state.stopped { return true }
            state.token = token
            return false
        }
        if cancelled { DeadlineWatch.shared.cancel(token) }
    }

    private func tick(due deadline: ContinuousClock.Instant) {
        guard !state.withLock({ $0.stopped }) else { return }
        let elapsed = ContinuousClock.now - start
        output.notify(.progress, ProgressParams(id: id, elapsedMilliseconds: Int(elapsed / .milliseconds(1))))
        // The next tick keeps to the original cadence; one missed while the watch was busy is not made up.
        var next = deadline + interval
        let now = ContinuousClock.now
        if next <= now { next = now + interval }
        arm(at: next)
    }
}

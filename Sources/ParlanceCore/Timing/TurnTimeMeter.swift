import Synchronization

/// Adds up where a turn's time goes beside the assistant's own work: waiting for extensions (starting them and
/// their calls), in the store, and waiting for the conversation's turn lock (another server's turn). Front ends
/// report it per turn (`parlance serve`'s Server-Timing, `parlance-bench conversation`).
/// Set it for a task with `TurnTimeMeter.$current.withValue(meter) { … }`; code measures a phase with
/// `TurnTimeMeter.measure(.store) { … }`, which costs nothing without a meter.
public final class TurnTimeMeter: Sendable {
    /// A part of a turn measured apart.
    public enum Phase: Int, Sendable, CaseIterable {
        /// Extensions: starting them and their calls.
        case app
        /// Reads and writes of the store (SQLite or PostgreSQL), inside the assistant's own time.
        case store
        /// Waiting for the conversation's turn lock held by another server, inside the assistant's own time.
        case lock
    }

    private let totals = Mutex([Duration](repeating: .zero, count: Phase.allCases.count))

    public init() {}

    /// The time measured so far in `phase`.
    public func elapsed(_ phase: Phase) -> Duration { totals.withLock { $0[phase.rawValue] } }

    /// Adds `duration` to `phase`.
    public func add(_ duration: Duration, to phase: Phase) {
        totals.withLock { $0[phase.rawValue] += duration }
    }

    /// Runs `body`, counting its time in `phase` of the current task's meter, if any.
    public static func measure<T, E: Error>(_ phase: Phase, _ body: () throws(E) -> T) throws(E) -> T {
        guard let meter = current else { return try body() }
        let began = ContinuousClock.now
        defer { meter.add(ContinuousClock.now - began, to: phase) }
        return try body()
    }

    /// The meter of the current task, if any.
    @TaskLocal public static var current: TurnTimeMeter?
}

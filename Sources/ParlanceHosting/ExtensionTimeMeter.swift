import Synchronization

/// Adds up the time a task spends waiting for extensions (starting them and their calls), so a front
/// end can tell its own time from the apps': `parlance serve` reports both per turn (Server-Timing).
/// Set it for a task with `ExtensionTimeMeter.$current.withValue(meter) { … }`.
public final class ExtensionTimeMeter: Sendable {
    private let total = Mutex(Duration.zero)

    public init() {}

    /// The time measured so far.
    public var elapsed: Duration { total.withLock { $0 } }

    func add(_ duration: Duration) {
        total.withLock { $0 += duration }
    }

    /// The meter of the current task, if any.
    @TaskLocal public static var current: ExtensionTimeMeter?
}

import ExtensionWire

/// The time source of the host: monotonic time, sleeping and deadline timers. Injected so that
/// back-off and idle stops are tested without waiting.
public protocol HostClock: Sendable {
    /// Time since an arbitrary fixed origin.
    var now: Duration { get }
    /// Sleeps for a duration; throws when cancelled.
    func sleep(for duration: Duration) async throws
    /// Runs `action` once after `duration` unless the returned timer is cancelled first.
    func schedule(after duration: Duration, _ action: @escaping @Sendable () -> Void) -> any HostTimer
}

/// A pending `HostClock.schedule` action.
public protocol HostTimer: Sendable {
    /// Prevents the action from running, if it has not run yet.
    func cancel()
}

extension HostClock {
    /// Schedules in real time on the host's deadline thread.
    public func schedule(after duration: Duration, _ action: @escaping @Sendable () -> Void) -> any HostTimer {
        WatchTimer(token: DeadlineWatch.shared.schedule(at: .now + duration, action))
    }
}

/// The real monotonic clock.
public struct SystemHostClock: HostClock {
    private let origin = ContinuousClock.now

    /// A clock starting now.
    public init() {}

    public var now: Duration { ContinuousClock.now - origin }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

/// A deadline armed on the shared watch.
struct WatchTimer: HostTimer {
    let token: UInt64
    func cancel() { DeadlineWatch.shared.cancel(token) }
}

/// The time source of the host: monotonic time and sleeping. Injected so that back-off and idle
/// stops are tested without waiting.
public protocol HostClock: Sendable {
    /// Time since an arbitrary fixed origin.
    var now: Duration { get }
    /// Sleeps for a duration; throws when cancelled.
    func sleep(for duration: Duration) async throws
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

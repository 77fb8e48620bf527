import ParlanceHosting
import Synchronization

/// Real time plus whatever the test added with `advance`, so idle timeouts and back-off pass at once
/// while deadlines still sleep for real.
public final class TestClock: HostClock {
    private let system = SystemHostClock()
    private let offset = Mutex<Duration>(.zero)

    public init() {}

    public var now: Duration { system.now + offset.withLock { $0 } }

    /// Moves the clock forward without waiting.
    public func advance(by duration: Duration) {
        offset.withLock { $0 += duration }
    }

    public func sleep(for duration: Duration) async throws {
        try await system.sleep(for: duration)
    }
}

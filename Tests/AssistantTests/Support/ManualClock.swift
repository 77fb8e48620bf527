import ParlanceCore
import ParlanceEngine
import ParlanceHosting
import ParlancePresentation
import ParlanceStore
import ParlanceTesting
import ParlanceUnderstanding
import Synchronization

/// Real time plus whatever the test added with `advance`, so idle timeouts and back-off pass at once
/// while deadlines still sleep for real.
final class ManualClock: HostClock {
    private let system = SystemHostClock()
    private let offset = Mutex<Duration>(.zero)

    var now: Duration { system.now + offset.withLock { $0 } }

    func advance(by duration: Duration) {
        offset.withLock { $0 += duration }
    }

    func sleep(for duration: Duration) async throws {
        try await system.sleep(for: duration)
    }
}

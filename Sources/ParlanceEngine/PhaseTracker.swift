import ParlanceCore
import ParlanceHosting
import ParlancePresentation
import ParlanceUnderstanding
import Synchronization

/// Remembers the last ride phase reported, so that only changes are told to the user.
final class PhaseTracker: Sendable {
    private let last = Mutex<String??>(nil)

    /// True when the phase differs from the last one seen (and records it).
    func changed(to phase: String?) -> Bool {
        last.withLock { last in
            if let seen = last, seen == phase { return false }
            last = .some(phase)
            return true
        }
    }
}

/// How many background follow-ups are running.
final class FollowUpCount: Sendable {
    private let count = Mutex(0)
    var active: Int { count.withLock { $0 } }
    func begin() { count.withLock { $0 += 1 } }
    func end() { count.withLock { $0 = max(0, $0 - 1) } }
}

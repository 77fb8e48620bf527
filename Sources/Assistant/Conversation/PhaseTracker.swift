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

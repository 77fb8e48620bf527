import Foundation

/// One thread that runs actions at their deadlines, shared by both ends of the wire: the assistant's call
/// deadlines and an extension's `$/progress` ticks. A new deadline later than the earliest pending one
/// (the usual case: each call gets the same few seconds) wakes nothing, so arming and cancelling costs no
/// context switch — a dispatch timer wakes dispatch's manager thread at both. Actions run on the watch's
/// thread one after another, so they must be short.
public final class DeadlineWatch: @unchecked Sendable {
    /// The process's watch; its thread starts with the first deadline.
    public static let shared = DeadlineWatch()

    private struct Entry {
        let deadline: ContinuousClock.Instant
        let action: @Sendable () -> Void
    }

    private let condition = NSCondition()
    private var entries: [UInt64: Entry] = [:]
    private var nextToken: UInt64 = 0
    /// When the thread will next look, if it is waiting; nil while it waits with nothing to do.
    private var plannedWake: ContinuousClock.Instant?
    private var threadStarted = false

    /// Runs `action` at `deadline` unless cancelled first; the token cancels it.
    public func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        condition.lock()
        defer { condition.unlock() }
        nextToken += 1
        entries[nextToken] = Entry(deadline: deadline, action: action)
        if !threadStarted {
            threadStarted = true
            let thread = Thread { [self] in watch() }
            thread.name = "parlance-deadlines"
            thread.start()
        } else if plannedWake.map({ deadline < $0 }) ?? true {
            condition.signal()
        }
        return nextToken
    }

    /// Drops a pending action; one already running finishes.
    public func cancel(_ token: UInt64) {
        condition.lock()
        entries[token] = nil
        condition.unlock()
    }

    private func watch() {
        condition.lock()
        while true {
            let now = ContinuousClock.now
            let due = entries.filter { $0.value.deadline <= now }
            for token in due.keys { entries[token] = nil }
            if !due.isEmpty {
                condition.unlock()
                for entry in due.values { entry.action() }
                condition.lock()
                continue
            }
            plannedWake = entries.values.map(\.deadline).min()
            if let wake = plannedWake {
                // The condition's timeout follows the wall clock; waking at least every second keeps a
                // change of system time from delaying a deadline.
                let seconds = min(1.0, Double((wake - now) / .microseconds(1)) / 1_000_000)
                _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
            } else {
                condition.wait()
            }
        }
    }
}

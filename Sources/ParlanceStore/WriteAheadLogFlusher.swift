import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Syncs the store's write-ahead log to disk off the caller's path, for a commit made without a sync of
/// its own that should still reach the disk within moments rather than whenever the next synced commit
/// comes (the journal's "finished"). The log is written in order, so any later sync carries it: the flush
/// waits a few milliseconds and is skipped when a synced commit has carried it meanwhile — back-to-back
/// turns then cost no extra sync, and a flush never competes with the next turn's own.
final class WriteAheadLogFlusher: Sendable {
    private struct State {
        /// Commits that asked to be flushed, counted.
        var asked = 0
        /// How many of them a sync (a flush, or a synced commit after them) has carried.
        var carried = 0
        var scheduled = false
        var flushes = 0
        var lastFailure: String?
    }

    /// How long a flush waits for a synced commit that would carry it anyway.
    private let delay: DispatchTimeInterval
    private let path: String
    private let queue = DispatchQueue(label: "parlance.store.wal-flush", qos: .utility)
    private let state = Mutex(State())

    /// A flusher for the log of the database file at `databasePath`, waiting `delay` before a flush.
    init(databasePath: String, delay: DispatchTimeInterval = .milliseconds(20)) {
        path = databasePath + "-wal"
        self.delay = delay
    }

    /// After an unsynced commit returned: syncs the log within moments, unless a synced commit does first.
    func flushSoon() {
        let schedule = state.withLock { state -> Bool in
            state.asked += 1
            guard !state.scheduled else { return false }
            state.scheduled = true
            return true
        }
        guard schedule else { return }
        queue.asyncAfter(deadline: .now() + delay) { [self] in flush() }
    }

    /// How many flush requests a synced commit starting now carries (every one made before it).
    var pending: Int { state.withLock { $0.asked } }

    /// A synced commit that started when `pending` was `count` has returned: it carried those.
    func carried(through count: Int) {
        state.withLock { $0.carried = max($0.carried, count) }
    }

    /// Syncs the log now if a request is not carried yet (the scheduled flush; tests call it directly).
    func flush() {
        let through = state.withLock { state -> Int? in
            state.scheduled = false
            return state.carried < state.asked ? state.asked : nil
        }
        guard let through else { return }
        let failure = Self.sync(path)
        state.withLock { state in
            state.flushes += 1
            if let failure { state.lastFailure = failure } else { state.carried = max(state.carried, through) }
        }
    }

    /// Returns once the flush scheduled so far has run (or been skipped).
    func waitUntilFlushed() {
        while state.withLock({ $0.scheduled }) { queue.sync {} ; usleep(1_000) }
        queue.sync {}
    }

    /// How many syncs the flusher made, whether every request is carried, and the last sync's failure, if
    /// any (a sync that fails leaves the commit to the next synced one, which then meets the disk's trouble).
    var report: (flushes: Int, allCarried: Bool, lastFailure: String?) {
        state.withLock { ($0.flushes, $0.carried >= $0.asked, $0.lastFailure) }
    }

    private static func sync(_ path: String) -> String? {
        // Opened for each sync: SQLite may replace the file, and an old descriptor would sync nothing.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "cannot open \(path): \(String(cString: strerror(errno)))" }
        defer { close(descriptor) }
        return fdatasync(descriptor) == 0 ? nil : "cannot sync \(path): \(String(cString: strerror(errno)))"
    }
}

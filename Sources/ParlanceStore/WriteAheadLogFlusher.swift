import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Syncs the store's write-ahead log to disk off the caller's path, for a commit made without a sync of
/// its own that should still reach the disk at once rather than with the next synced commit (the
/// journal's "finished"). The log is written in order, so a sync carries every commit before it; requests
/// made while one waits to run share it.
final class WriteAheadLogFlusher: Sendable {
    private struct State {
        var waiting = false
        var completed = 0
        var lastFailure: String?
    }

    private let path: String
    private let queue = DispatchQueue(label: "parlance.store.wal-flush", qos: .utility)
    private let state = Mutex(State())

    /// A flusher for the log of the database file at `databasePath`.
    init(databasePath: String) {
        path = databasePath + "-wal"
    }

    /// Syncs the log soon, on a queue of its own; returns at once.
    func flushSoon() {
        let queued = state.withLock { state -> Bool in
            guard !state.waiting else { return false }
            state.waiting = true
            return true
        }
        guard queued else { return }
        queue.async { [self] in
            state.withLock { $0.waiting = false }
            let failure = Self.sync(path)
            state.withLock { state in
                state.completed += 1
                if let failure { state.lastFailure = failure }
            }
        }
    }

    /// Returns once every flush asked for so far has run.
    func waitUntilFlushed() {
        queue.sync {}
    }

    /// How many flushes have run, and the last one's failure, if any (a sync that fails leaves the commit
    /// to the next synced one, which then reports the disk's trouble).
    var report: (completed: Int, lastFailure: String?) {
        state.withLock { ($0.completed, $0.lastFailure) }
    }

    private static func sync(_ path: String) -> String? {
        // Opened for each sync: SQLite may replace the file, and an old descriptor would sync nothing.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "cannot open \(path): \(String(cString: strerror(errno)))" }
        defer { close(descriptor) }
        return fdatasync(descriptor) == 0 ? nil : "cannot sync \(path): \(String(cString: strerror(errno)))"
    }
}

import Foundation
import Glibc
import Intents
import Synchronization

/// What a sample app records ever more of (messages sent, payments): one JSON object per line in
/// `<Parlance home>/app-data/<bundle id>/NAME.jsonl`, appended under a lock of its own. Recording one
/// more entry costs the same however many there are: the process keeps what it has read and reads only
/// what was appended since (by itself or by the app's other program).
///
/// Each entry has a key (an intent's identifier), so that the same intent handled again finds its entry
/// instead of recording a second one. A summary of all entries (balances, say) is kept up to date by `fold`.
public final class AppDataLedger<Entry: Codable & Sendable, Summary: Sendable>: Sendable {
    public let url: URL
    private let lockURL: URL
    private let empty: Summary
    private let key: @Sendable (Entry) -> String
    private let fold: @Sendable (inout Summary, Entry) -> Void
    private let read = Mutex(ReadSoFar?.none)
    /// Whether this process has moved the records an older version kept elsewhere (`movingOlderRecords`).
    private let moved = Mutex(false)

    private struct ReadSoFar: Sendable {
        var inode: UInt64
        /// Bytes read so far: always the end of a whole line.
        var offset: Int
        var entries: [Entry]
        var byKey: [String: Int]
        var summary: Summary
    }

    /// What `record` found or wrote.
    public enum Recorded: Sendable {
        /// The entry was recorded now.
        case recorded(Entry)
        /// An entry with the same key was there already; nothing was written.
        case existing(Entry)
        /// `make` declined to record anything.
        case declined
    }

    /// - Parameters:
    ///   - name: the file's name without `.jsonl` ("sent", "payments").
    ///   - empty: the summary of no entries.
    ///   - key: an entry's key; at most one entry is recorded per key.
    ///   - fold: adds one entry to the summary.
    public init(appIdentifier: String, name: String, empty: Summary, key: @escaping @Sendable (Entry) -> String,
                fold: @escaping @Sendable (inout Summary, Entry) -> Void) {
        let folder = ParlanceHomeFolder.resolve().appendingPathComponent("app-data").appendingPathComponent(appIdentifier)
        url = folder.appendingPathComponent(name + ".jsonl")
        lockURL = folder.appendingPathComponent("." + name + ".lock")
        self.empty = empty
        self.key = key
        self.fold = fold
    }

    /// Every entry, oldest first.
    public func entries() throws -> [Entry] {
        try locked { try current().entries }
    }

    /// The summary of every entry.
    public func summary() throws -> Summary {
        try locked { try current().summary }
    }

    /// The entry with this key, if one was recorded.
    public func entry(key wanted: String) throws -> Entry? {
        try locked {
            let state = try current()
            return state.byKey[wanted].map { state.entries[$0] }
        }
    }

    /// Records what `make` returns unless an entry with `key` exists already. `make` sees the summary of
    /// the entries so far (a balance to check) and may decline by returning nil.
    @discardableResult
    public func record(key wanted: String, _ make: (Summary) throws -> Entry?) throws -> Recorded {
        try locked {
            var state = try current()
            if let index = state.byKey[wanted] { return .existing(state.entries[index]) }
            guard let entry = try make(state.summary) else { return .declined }
            try append(entry, to: &state)
            read.withLock { $0 = state }
            return .recorded(entry)
        }
    }

    /// The ledger, after `move` has run once in this process: it moves the records an older version of the app
    /// kept elsewhere (in its state file) into the ledger with `record`, so that they are neither lost nor
    /// recorded twice. A `move` that throws runs again the next time.
    public func movingOlderRecords(_ move: (AppDataLedger) throws -> Void) throws -> AppDataLedger {
        try moved.withLock { moved in
            guard !moved else { return }
            try move(self)
            moved = true
        }
        return self
    }

    /// Forgets every entry (the app's "reset").
    public func reset() throws {
        try locked {
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            read.withLock { $0 = nil }
        }
    }

    private func append(_ entry: Entry, to state: inout ReadSoFar) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        var line = try encoder.encode(entry)
        line.append(UInt8(ascii: "\n"))
        let descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw AppError("cannot open \(url.path)") }
        defer { close(descriptor) }
        var end = lseek(descriptor, 0, SEEK_END)
        if end > state.offset {
            // A line cut short (the program stopped while writing it): end it, so the new entry is a line of its own.
            guard write(descriptor, "\n", 1) == 1 else { throw AppError("cannot write \(url.path)") }
            end += 1
        }
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else { throw AppError("cannot write \(url.path)") }
        var status = stat()
        fstat(descriptor, &status)
        state.inode = UInt64(status.st_ino)
        state.offset = Int(end) + line.count
        state.byKey[key(entry)] = state.entries.count
        state.entries.append(entry)
        fold(&state.summary, entry)
    }

    /// What the file holds now: what was read before, and the lines appended since.
    private func current() throws -> ReadSoFar {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            return ReadSoFar(inode: 0, offset: 0, entries: [], byKey: [:], summary: empty)
        }
        var state = read.withLock { $0 }
        if state == nil || state?.inode != UInt64(status.st_ino) || (state?.offset ?? 0) > Int(status.st_size) {
            state = ReadSoFar(inode: UInt64(status.st_ino), offset: 0, entries: [], byKey: [:], summary: empty)
        }
        guard var state else { return ReadSoFar(inode: 0, offset: 0, entries: [], byKey: [:], summary: empty) }
        if Int(status.st_size) > state.offset {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(state.offset))
            let appended = try handle.readToEnd() ?? Data()
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            var start = appended.startIndex
            while let newline = appended[start...].firstIndex(of: UInt8(ascii: "\n")) {
                // A line that does not read as an entry (cut short, then ended) is skipped, not fatal.
                if let entry = try? decoder.decode(Entry.self, from: appended[start..<newline]) {
                    state.byKey[key(entry)] = state.entries.count
                    state.entries.append(entry)
                    fold(&state.summary, entry)
                }
                start = appended.index(after: newline)
            }
            state.offset += appended.distance(from: appended.startIndex, to: start)
        }
        let kept = state
        read.withLock { $0 = kept }
        return state
    }

    private func locked<T>(_ body: () throws -> T) throws -> T {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(lockURL.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw AppError("cannot open the lock \(lockURL.path)") }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { throw AppError("cannot lock \(lockURL.path)") }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}

extension AppDataLedger where Summary == Void {
    /// A ledger without a summary.
    public convenience init(appIdentifier: String, name: String, key: @escaping @Sendable (Entry) -> String) {
        self.init(appIdentifier: appIdentifier, name: name, empty: (), key: key) { _, _ in }
    }
}

import ExtensionWire
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What the assistant asked of each app's extension and what came back, one JSON line per event in
/// `<home>/logs/<bundle identifier>.jsonl`: each call (resolve, confirm, handle, a view, ride updates)
/// with its intent, outcome and time, the extension's starts and ends, and what it wrote to stderr.
/// Written by the host, not the extension, so an app cannot rewrite its own record. The log is for
/// diagnosis: when it cannot be written the assistant carries on. A file past `maximumBytes` is moved
/// to `<identifier>.1.jsonl` (one older file is kept); folder 0700, files 0600.
///
/// What the extension wrote to stderr is kept apart, in `stderr/<identifier>.jsonl` (rotated the same way),
/// so however much it writes it never pushes the host's own records out; its control characters are stored
/// visible (`VisibleText`). `entries(of:)` gives both, in time order.
public final class ExtensionActivityLog: Sendable {
    /// One event in an app's log.
    public struct Entry: Codable, Sendable, Equatable {
        /// When it happened.
        public var time: Date
        /// `resolve`, `confirm`, `handle`, `configureView`, `startUpdates`, `stopUpdates`, `start`, `end` or `stderr`.
        public var event: String
        /// The intent's class name, for calls.
        public var intent: String?
        /// The outcome: resolution kinds, a response code, an error, or the stderr line.
        public var detail: String?
        /// How long the call took.
        public var milliseconds: Double?
        /// Whether the call failed (an error, not an unsuccessful response code).
        public var failed: Bool?

        /// An entry stamped now.
        public init(event: String, intent: String? = nil, detail: String? = nil, milliseconds: Double? = nil,
                    failed: Bool? = nil, time: Date = Date()) {
            self.time = time
            self.event = event
            self.intent = intent
            self.detail = detail
            self.milliseconds = milliseconds
            self.failed = failed
        }
    }

    /// The folder of logs.
    public let folder: URL
    private let maximumBytes: Int
    /// Each app's log kept open while the host runs: a call costs a `stat` and one write, not a directory
    /// check, an open and a close (measured: about 0.3 ms a turn with four calls). The `stat` finds out
    /// when another assistant on the same home moved the file aside or someone deleted it, and gives the
    /// size all writers share.
    private struct OpenFiles: ~Copyable {
        /// By path.
        var files: [String: (descriptor: Int32, inode: UInt64)] = [:]
        /// Each app's log paths (host records, stderr), made once (a URL and its path cost more than the write).
        var paths: [String: String] = [:]
        var stderrPaths: [String: String] = [:]
    }
    private let writing = Mutex(OpenFiles())
    /// Entries recorded and not yet written, oldest first, and whether their write is planned.
    private struct Pending {
        var entries: [(app: String, entry: Entry)] = []
        var writePlanned = false
    }
    private let pending = Mutex(Pending())
    /// Entries are written in order on a queue of their own, gathered for `gathering` after the first one:
    /// a call neither waits for the log's `stat` and `write` nor wakes a thread (one wake-up per call was a
    /// tenth of a conversation turn's context switches). Reading the log, and the host's shutdown, write what
    /// is gathered at once.
    private let queue = DispatchQueue(label: "parlance.activity-log", qos: .utility)
    private static let gathering: Duration = .milliseconds(20)

    /// The logs of the assistant whose home is `home`.
    public init(home: URL, maximumBytes: Int = 1 << 20) {
        folder = home.appendingPathComponent("logs")
        self.maximumBytes = maximumBytes
    }

    /// The log file of an app: the host's records.
    public func file(of app: String) -> URL {
        folder.appendingPathComponent("\(Self.safeName(app)).jsonl")
    }

    /// The file of what an app's extension wrote to stderr.
    public func stderrFile(of app: String) -> URL {
        folder.appendingPathComponent("stderr").appendingPathComponent("\(Self.safeName(app)).jsonl")
    }

    deinit {
        writing.withLock { open in
            for file in open.files.values { close(file.descriptor) }
        }
    }

    /// Appends an entry to an app's log within moments (in order; `waitUntilWritten` writes at once).
    public func record(_ entry: Entry, app: String) {
        var entry = entry
        if entry.event == "stderr" { entry.detail = entry.detail.map { VisibleText.of($0) } }
        let plan = pending.withLock { pending -> Bool in
            pending.entries.append((app, entry))
            defer { pending.writePlanned = true }
            return !pending.writePlanned
        }
        guard plan else { return }
        _ = DeadlineWatch.shared.schedule(at: .now + Self.gathering) { [self] in
            queue.async { [self] in writeGathered() }
        }
    }

    /// Returns once every entry recorded so far is written.
    public func waitUntilWritten() {
        queue.sync { writeGathered() }
    }

    /// Writes what was gathered, each app's lines in one write.
    private func writeGathered() {
        let gathered = pending.withLock { pending in
            pending.writePlanned = false
            defer { pending.entries.removeAll(keepingCapacity: true) }
            return pending.entries
        }
        guard !gathered.isEmpty else { return }
        var lines: [String: [Data]] = [:]
        var order: [String] = []
        writing.withLock { open in
            for (app, entry) in gathered {
                let path: String
                if entry.event == "stderr" {
                    path = open.stderrPaths[app] ?? stderrFile(of: app).path
                    open.stderrPaths[app] = path
                } else {
                    path = open.paths[app] ?? file(of: app).path
                    open.paths[app] = path
                }
                if lines[path] == nil { order.append(path) }
                lines[path, default: []].append(Self.line(entry))
            }
            for path in order {
                do {
                    try append(lines[path] ?? [], path: path, open: &open)
                } catch {
                    // Diagnosis only: a full disk must not stop a request.
                }
            }
        }
    }

    /// The last `limit` entries of an app's log, oldest first: the host's records and the extension's
    /// stderr in time order (from the older files too when needed). Lines that do not decode are skipped.
    public func entries(of app: String, limit: Int = 50) -> [Entry] {
        waitUntilWritten()
        let host = Self.decoded(file(of: app), limit: limit)
        let stderr = Self.decoded(stderrFile(of: app), limit: limit)
        // Both are in time order; merged stably, the host's record first within a second.
        var merged: [Entry] = []
        merged.reserveCapacity(host.count + stderr.count)
        var (hostIndex, stderrIndex) = (host.startIndex, stderr.startIndex)
        while hostIndex < host.endIndex || stderrIndex < stderr.endIndex {
            if stderrIndex == stderr.endIndex || (hostIndex < host.endIndex && host[hostIndex].time <= stderr[stderrIndex].time) {
                merged.append(host[hostIndex])
                hostIndex += 1
            } else {
                merged.append(stderr[stderrIndex])
                stderrIndex += 1
            }
        }
        return Array(merged.suffix(max(0, limit)))
    }

    /// The last `limit` entries of a log file and its older file.
    private static func decoded(_ current: URL, limit: Int) -> ArraySlice<Entry> {
        let older = current.deletingPathExtension().appendingPathExtension("1.jsonl")
        var lines: [Substring] = []
        for url in [older, current] {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            lines.append(contentsOf: text.split(separator: "\n"))
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return lines.compactMap { try? decoder.decode(Entry.self, from: Data($0.utf8)) }.suffix(max(0, limit))
    }

    /// Appends a file's lines in as few writes as the file's size limit allows.
    private func append(_ lines: [Data], path: String, open: inout OpenFiles) throws {
        var onDisk = stat()
        var size = 0
        if stat(path, &onDisk) == 0 {
            size = Int(onDisk.st_size)
            if let kept = open.files[path], kept.inode != UInt64(onDisk.st_ino) {
                // Moved aside by another assistant on this home, or replaced: write to the file there now.
                close(kept.descriptor)
                open.files[path] = nil
            }
        } else if let kept = open.files[path] {
            // Deleted: a new file is begun.
            close(kept.descriptor)
            open.files[path] = nil
        }
        var chunk = Data()
        for line in lines {
            if size > 0, size + line.count > maximumBytes {
                try write(chunk, to: path, open: &open)
                chunk.removeAll(keepingCapacity: true)
                if let kept = open.files[path] { close(kept.descriptor) }
                open.files[path] = nil
                let url = URL(fileURLWithPath: path)
                let older = url.deletingPathExtension().appendingPathExtension("1.jsonl")
                try? FileManager.default.removeItem(at: older)
                try FileManager.default.moveItem(at: url, to: older)
                size = 0
            }
            chunk.append(line)
            size += line.count
        }
        try write(chunk, to: path, open: &open)
    }

    private func write(_ chunk: Data, to path: String, open: inout OpenFiles) throws {
        guard !chunk.isEmpty else { return }
        let current = try open.files[path] ?? opened(URL(fileURLWithPath: path))
        open.files[path] = current
        let written = chunk.withUnsafeBytes { Glibc.write(current.descriptor, $0.baseAddress, $0.count) }
        guard written == chunk.count else {
            // A short or failed write: the next entry reopens the file.
            close(current.descriptor)
            open.files[path] = nil
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// Opens an app's log for appending (created 0600 in a 0700 folder).
    private func opened(_ url: URL) throws -> (descriptor: Int32, inode: UInt64) {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let descriptor = Glibc.open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw CocoaError(.fileReadUnknown)
        }
        return (descriptor, UInt64(status.st_ino))
    }

    /// Bundle identifiers are reverse-DNS names; anything else is kept out of paths.
    private static let safeCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")

    static func safeName(_ app: String) -> String {
        let name = String(app.map { safeCharacters.contains($0) ? $0 : "_" })
        return name.isEmpty || name.allSatisfy({ $0 == "." }) ? "_" : name
    }

    /// An entry as one line of JSON (keys sorted, absent values left out, the time in ISO 8601 to the
    /// second, as `entries(of:)` reads it), written through `JSONValue`: the log takes a line for every call
    /// of every conversation, and a general-purpose encoder with a date formatter cost more than the call.
    static func line(_ entry: Entry) -> Data {
        var object: [String: JSONValue] = ["event": .string(entry.event), "time": .string(internetTime(entry.time))]
        if let detail = entry.detail { object["detail"] = .string(detail) }
        if let failed = entry.failed { object["failed"] = .bool(failed) }
        if let intent = entry.intent { object["intent"] = .string(intent) }
        if let milliseconds = entry.milliseconds, milliseconds.isFinite { object["milliseconds"] = .number(milliseconds) }
        do {
            var data = try JSONValue.object(object).jsonData()
            data.append(0x0A)
            return data
        } catch {
            return Data()  // only a number that is not finite throws, and none is put in
        }
    }

    /// "2026-11-26T08:15:02Z": the moment in UTC, to the second.
    static func internetTime(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "1970-01-01T00:00:00Z" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(parts.tm_year + 1900)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + two(parts.tm_mon + 1) + "-" + two(parts.tm_mday)
            + "T" + two(parts.tm_hour) + ":" + two(parts.tm_min) + ":" + two(parts.tm_sec) + "Z"
    }
}

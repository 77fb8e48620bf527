import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file per running extension process in `<home>/run/extensions/`, so that extensions left behind
/// by an assistant that died without stopping them are found and stopped when an assistant starts.
/// Extensions normally die with the assistant (a parent-death signal and bubblewrap's
/// `--die-with-parent`); this catches what escaped that, such as children that left the group.
///
/// A record is `<pid>` holding "<child start time> <assistant pid> <assistant start time>"; start
/// times (from /proc) make a reused pid harmless.
public struct ExtensionProcessRecords: Sendable {
    /// The folder of records.
    public let folder: URL

    /// The records of the assistant whose home is `home`.
    public init(home: URL) {
        folder = home.appendingPathComponent("run/extensions")
    }

    /// Records a started extension.
    func add(pid: pid_t) {
        guard let child = Self.startTime(of: pid), let own = Self.startTime(of: getpid()) else { return }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try Data("\(child) \(getpid()) \(own)\n".utf8).write(to: folder.appendingPathComponent("\(pid)"), options: .atomic)
        } catch {
            // Only the clean-up after a crash depends on it; the parent-death signal still holds.
        }
    }

    /// Forgets a reaped extension.
    func remove(pid: pid_t) {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("\(pid)"))
    }

    /// Stops (SIGKILL, with its process group) every recorded extension whose assistant is gone and
    /// which still runs; forgets the records of those. Returns how many were stopped.
    @discardableResult
    public func stopOrphans() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var stopped = 0
        for name in names {
            guard let pid = pid_t(name) else { continue }
            let file = folder.appendingPathComponent(name)
            let fields = ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: " ")
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            guard fields.count == 3, let owner = pid_t(fields[1]) else {
                try? FileManager.default.removeItem(at: file)
                continue
            }
            if owner != getpid(), Self.startTime(of: owner) == fields[2] { continue }  // its assistant still runs
            if Self.startTime(of: pid) == fields[0] {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                stopped += 1
            }
            try? FileManager.default.removeItem(at: file)
        }
        return stopped
    }

    /// The process's start time in clock ticks since boot (field 22 of /proc/PID/stat); nil when it is gone.
    static func startTime(of pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state is field 3, so the start time (field 22) is the 20th here.
        return fields.count > 19 ? String(fields[19]) : nil
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pids cgroup per sandboxed program, for an assistant running as root: the kernel does not enforce
/// `RLIMIT_NPROC` for real root, so there the process limit is the cgroup's `pids.max`. Used where the
/// pids controller is mounted writable: cgroup v1's `/sys/fs/cgroup/pids`, or cgroup v2 when the root's
/// `cgroup.subtree_control` can enable `pids`. The launched process joins its cgroup before its first
/// instruction (`parlance_spawn_sandboxed`), so everything it starts is counted.
struct ProcessCountCgroup: Sendable, Equatable {
    /// The folder under which each program gets a cgroup of its own (`…/parlance`).
    let parent: String

    /// The writable pids hierarchy when running as root; nil otherwise.
    static func available() -> ProcessCountCgroup? {
        guard geteuid() == 0 else { return nil }
        let manager = FileManager.default
        let version1 = "/sys/fs/cgroup/pids"
        if manager.fileExists(atPath: version1 + "/cgroup.procs"), access(version1, W_OK) == 0 {
            let parent = version1 + "/parlance"
            try? manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
            return manager.fileExists(atPath: parent + "/pids.max") ? ProcessCountCgroup(parent: parent) : nil
        }
        let version2 = "/sys/fs/cgroup"
        guard let controllers = try? String(contentsOfFile: version2 + "/cgroup.controllers", encoding: .utf8),
              controllers.split(separator: " ").contains(where: { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "pids" })
        else { return nil }
        let parent = version2 + "/parlance"
        try? manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
        _ = writeFile("+pids", to: version2 + "/cgroup.subtree_control")
        _ = writeFile("+pids", to: parent + "/cgroup.subtree_control")
        return manager.fileExists(atPath: parent + "/pids.max") ? ProcessCountCgroup(parent: parent) : nil
    }

    /// Makes a cgroup allowing `limit` processes; returns its `cgroup.procs` path, nil when it could not
    /// be made. Empty cgroups left by programs that ended a minute or more ago are removed first.
    func make(limit: Int) -> String? {
        removeStale()
        let folder = parent + "/" + UUID().uuidString
        guard mkdir(folder, 0o755) == 0 else { return nil }
        guard Self.writeFile("\(limit)", to: folder + "/pids.max") else {
            rmdir(folder)
            return nil
        }
        return folder + "/cgroup.procs"
    }

    private func removeStale() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        let now = time(nil)
        for name in names where name.count == 36 {
            var info = stat()
            let folder = parent + "/" + name
            // rmdir refuses a cgroup that still holds a process.
            if stat(folder, &info) == 0, now - info.st_mtim.tv_sec > 60 { rmdir(folder) }
        }
    }

    private static func writeFile(_ text: String, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return text.withCString { Glibc.write(descriptor, $0, strlen($0)) } == text.utf8.count
    }
}

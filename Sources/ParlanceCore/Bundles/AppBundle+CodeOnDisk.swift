import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

extension AppBundle {
    /// The fingerprint of the app's code as it is on disk now (the same SHA-256 as `codeFingerprint`, which
    /// is the code's at install): it differs when an extension executable or the launch program was edited
    /// in place since. Read again only when one of those files' inode, size, modification or status-change
    /// time moved, so asking at every turn costs a `stat` per file. Nil when nothing can be read.
    public func codeFingerprintOnDisk() -> String? {
        let programs = codePrograms
        let stamp = programs.map(Self.stamp).joined(separator: "|")
        if let known = Self.known.withLock({ $0[identifier] }), known.stamp == stamp, known.path == path {
            return known.fingerprint
        }
        let code = BundleCode(bundle: URL(fileURLWithPath: path), base: URL(fileURLWithPath: path).lastPathComponent)
        let fingerprint = code.fingerprint(extensions: extensions, launchCommand: launchCommand)
        Self.known.withLock { $0[identifier] = (path, stamp, fingerprint) }
        return fingerprint
    }

    /// The files the fingerprint reads.
    private var codePrograms: [String] {
        var programs = extensions.map(\.executable).filter { !$0.isEmpty }
        if let program = launchCommand?.first, !program.isEmpty {
            programs.append(program.hasPrefix("/") ? program : URL(fileURLWithPath: path).appendingPathComponent(program).path)
        }
        return programs
    }

    private static let known = Mutex<[String: (path: String, stamp: String, fingerprint: String?)]>([:])

    /// What changes when a file is written, replaced or touched (the status-change time cannot be set back).
    private static func stamp(_ path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return "-" }
        return "\(status.st_dev):\(status.st_ino):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec):"
            + "\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// When a folder last changed (a file added, removed or renamed in it), from one `stat`: an unchanged
/// stamp means an unchanged listing, so a folder asked about before every request need not be listed.
struct FolderStamp: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let seconds: Int
    let nanoseconds: Int

    /// The folder's stamp; nil when it does not exist (or cannot be read).
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
    }

    /// Whether the change is two seconds or more in the past: a file system with coarse times could give
    /// two changes within the same tick the same stamp, so a recent stamp is not trusted to mean "as before".
    var isSettled: Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now.tv_sec - seconds >= 2
    }
}

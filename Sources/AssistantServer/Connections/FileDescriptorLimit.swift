#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process's limit on open files, which every connection counts against.
enum FileDescriptorLimit {
    /// Raises the soft limit towards `wanted` (never past the hard limit), so the connection limits, not the
    /// kernel's default of 1,024 files, decide when connections are refused.
    /// Returns the soft limit in force afterwards.
    @discardableResult
    static func raise(toAtLeast wanted: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        let target = min(rlim_t(wanted), limit.rlim_max)
        if limit.rlim_cur < target {
            var raised = limit
            raised.rlim_cur = target
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }
}

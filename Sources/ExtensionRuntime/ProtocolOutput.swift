import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The extension's private copy of its stdout, reserved for protocol lines. Writes are whole lines,
/// serialized by a lock, so replies and notifications from different threads never interleave.
final class ProtocolOutput: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Moves the protocol to a duplicate of stdout and points stdout at stderr.
    static func claimStandardOutput() -> ProtocolOutput {
        let copy = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        guard copy >= 0 else { return ProtocolOutput(descriptor: STDOUT_FILENO) }
        fflush(nil)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        return ProtocolOutput(descriptor: copy)
    }

    func write(_ line: Data) {
        lock.withLock {
            line.withUnsafeBytes { buffer in
                guard var base = buffer.baseAddress else { return }
                var remaining = buffer.count
                while remaining > 0 {
                    let written = Glibc.write(descriptor, base, remaining)
                    if written < 0 {
                        if errno == EINTR { continue }
                        // The assistant is gone: nobody is left to answer.
                        exit(0)
                    }
                    remaining -= written
                    base += written
                }
            }
        }
    }
}

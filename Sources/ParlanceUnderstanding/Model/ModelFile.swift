#if canImport(Glibc)
import Glibc
#endif

/// A model cache file kept open while its model is in use, so parts of it (the slot taggers) are read
/// when first needed rather than copied into memory up front. Reading through the open descriptor keeps
/// reading the file that was checked, even if a newer model has since been renamed over its path.
final class ModelFile: Sendable {
    private let descriptor: Int32

    /// Opens a file for reading; nil when it cannot be opened.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The file's whole contents, read into one array; nil when it cannot be read or is implausibly large.
    func readAll() -> [UInt8]? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size >= 0, info.st_size < 1 << 30 else { return nil }
        return read(Int(info.st_size), at: 0)
    }

    /// `count` bytes from `offset`; nil when the file has fewer.
    func read(_ count: Int, at offset: Int) -> [UInt8]? {
        guard count >= 0, offset >= 0 else { return nil }
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let got = pread(descriptor, buffer.baseAddress.map { $0 + done }, count - done, off_t(offset + done))
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { break }
                done += got
            }
            complete = done == count
            initialized = done
        }
        return complete ? bytes : nil
    }
}

import ExtensionWire
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of stdin, read by the serve loop itself. The loop reads only between requests, when the
/// extension has nothing else to do, so a blocking read costs no concurrency and saves a thread
/// hand-off per request. The sequence ends at end of file, or after a line over the protocol's limit
/// (reported on stderr).
struct StandardInputLines: AsyncSequence, Sendable {
    typealias Element = Data

    struct AsyncIterator: AsyncIteratorProtocol {
        private var decoder = LineDecoder()
        private var ready: [Data] = []
        private var finished = false
        private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

        mutating func next() async -> Data? {
            while ready.isEmpty && !finished { readMore() }
            return ready.isEmpty ? nil : ready.removeFirst()
        }

        private mutating func readMore() {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { return }
            guard count > 0 else {
                if let last = decoder.finish() { ready.append(last) }
                finished = true
                return
            }
            do throws(LineDecoder.OversizedLine) {
                ready += try decoder.feed(chunk[0..<count])
            } catch {
                FileHandle.standardError.write(Data("parlance extension: a request line exceeded \(error.limit) bytes; stopping\n".utf8))
                finished = true
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}

import ExtensionWire
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads stdin on a thread of its own and delivers its lines as an async stream, which ends when
/// stdin closes. A line over the protocol's limit gets an error reply and ends the stream.
enum StandardInputLines {
    static func start() -> AsyncStream<Data> {
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self, bufferingPolicy: .unbounded)
        let thread = Thread {
            var decoder = LineDecoder()
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            reading: while true {
                let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                do throws(LineDecoder.OversizedLine) {
                    for line in try decoder.feed(chunk[0..<count]) { continuation.yield(line) }
                } catch {
                    FileHandle.standardError.write(Data("parlance extension: a request line exceeded \(error.limit) bytes; stopping\n".utf8))
                    break reading
                }
            }
            if let last = decoder.finish() { continuation.yield(last) }
            continuation.finish()
        }
        thread.name = "parlance-stdin"
        thread.start()
        return stream
    }
}

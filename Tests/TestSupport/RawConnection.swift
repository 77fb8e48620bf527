import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to a local server that sends exactly the bytes it is given — for requests no HTTP client
/// would send (odd paths, conflicting framing, half-sent heads) — from a chosen loopback address.
package final class RawConnection {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    private let descriptor: Int32

    /// Connects to 127.0.0.1:`port`, from `source` (any address of 127/8) when given.
    package init(port: Int, source: String? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        if let source {
            var local = Self.address(source, port: 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(descriptor)
                throw Failure(description: "bind \(source): \(String(cString: strerror(errno)))")
            }
        }
        var remote = Self.address("127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "connect: \(reason)")
        }
    }

    deinit { close(descriptor) }

    /// Sends every byte (or as many as the peer takes before it closes).
    package func send(_ bytes: Data) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(descriptor, raw.baseAddress?.advanced(by: offset), raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    package func send(_ text: String) { send(Data(text.utf8)) }

    /// Reads until the peer closes or `timeout` passes; returns what came and whether the peer closed.
    package func receive(timeout: Duration) -> (bytes: Data, closed: Bool) {
        let clock = ContinuousClock()
        let end = clock.now + timeout
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while clock.now < end {
            let left = end - clock.now
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, max(1, milliseconds))
            if ready <= 0 { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { return (data, true) }
            data.append(contentsOf: buffer[0..<count])
        }
        return (data, false)
    }

    /// Sends one request and reads its answer until the peer closes or a whole response has come.
    package func exchange(_ request: String, timeout: Duration = .seconds(10)) -> String {
        send(request)
        let clock = ContinuousClock()
        let end = clock.now + timeout
        var text = ""
        while clock.now < end {
            let (bytes, closed) = receive(timeout: .milliseconds(200))
            text += String(decoding: bytes, as: UTF8.self)
            if closed || Self.isComplete(text) { break }
        }
        return text
    }

    /// The status code of an HTTP answer, or nil.
    package static func status(of answer: String) -> Int? {
        let parts = answer.split(separator: " ", maxSplits: 2)
        return parts.count >= 2 && parts[0].hasPrefix("HTTP/1.") ? Int(parts[1]) : nil
    }

    private static func isComplete(_ text: String) -> Bool {
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let head = text[..<end.lowerBound].lowercased()
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
              let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else {
            return false
        }
        return text[end.upperBound...].utf8.count >= length
    }

    private static func address(_ text: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, text, &address.sin_addr)
        return address
    }
}

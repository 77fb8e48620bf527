import Foundation

/// A small, blocking WebSocket client over a loopback TCP socket (RFC 6455): enough to hear the
/// server's conversation events and to drive Chromium's DevTools protocol, without a TLS stack.
/// A reader thread answers the server's pings at once, as a browser does, so a test that is busy
/// elsewhere for minutes keeps its socket; messages wait in order until `receive()` takes them.
package final class WebSocketTestClient: @unchecked Sendable {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
    }

    /// What the reader thread heard, guarded by `condition`.
    private enum Ending { case closedByServer, failed(String) }

    private let socket: Int32
    private let timeout: TimeInterval
    private let condition = NSCondition()
    private let sending = NSLock()
    private var messages: [String] = []
    private var ending: Ending?
    /// The HTTP status of the handshake's answer (101 when upgraded).
    package private(set) var handshakeStatus = 0

    /// Connects to `ws://127.0.0.1:PORT/path…`; throws unless the server switches protocols.
    /// `timeout` bounds the handshake and each `receive()`.
    package init(url: String, timeout: TimeInterval = 60) throws {
        guard let parts = URLComponents(string: url), let port = parts.port, let host = parts.host else {
            throw Failure("not a ws:// URL: \(url)")
        }
        self.timeout = timeout
        socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure("no socket") }
        var seconds = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(socket)
            throw Failure("could not connect to \(url)")
        }
        let path = (parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath)
            + (parts.percentEncodedQuery.map { "?" + $0 } ?? "")
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        var reader = FrameReader(socket: socket)
        let head: String
        do {
            try sendBytes(Array(("GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
            head = try reader.readHead()
            handshakeStatus = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        } catch {
            Glibc.close(socket)
            throw error
        }
        guard handshakeStatus == 101 else {
            Glibc.close(socket)
            throw Failure("the server did not upgrade: \(head.split(separator: "\r\n").first ?? "")")
        }
        // From here the reader thread waits as long as the server keeps the socket; `receive()` has the timeout.
        var forever = timeval(tv_sec: 0, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &forever, socklen_t(MemoryLayout<timeval>.size))
        let thread = Thread { [self, reader] in self.readFrames(reader) }
        thread.name = "websocket-test-client"
        thread.start()
    }

    deinit {
        shutdown(socket, Int32(SHUT_RDWR))
        Glibc.close(socket)
    }

    /// Sends a text message (masked, as a client must).
    package func send(text: String) throws {
        try send(message: Array(text.utf8), opcode: 0x1)
    }

    /// Sends a binary message.
    package func send(binary: Data) throws {
        try send(message: Array(binary), opcode: 0x2)
    }

    /// The next text message, or nil when the server closed the socket.
    package func receive() throws -> String? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while messages.isEmpty && ending == nil {
            guard condition.wait(until: deadline) else { throw Failure("no message in \(Int(timeout)) s") }
        }
        if !messages.isEmpty { return messages.removeFirst() }
        switch ending {
        case .failed(let reason): throw Failure(reason)
        default: return nil
        }
    }

    /// Closes the connection.
    package func disconnect() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    /// Reads frames until the connection ends: answers pings, keeps messages, notes the ending.
    private func readFrames(_ start: FrameReader) {
        var reader = start
        var message: [UInt8] = []
        do {
            while true {
                let (final, opcode, payload) = try reader.readFrame()
                switch opcode {
                case 0x8:
                    finish(.closedByServer)
                    return
                case 0x9: try send(message: payload, opcode: 0xA)
                case 0xA: continue
                default:
                    message += payload
                    guard final else { continue }
                    condition.lock()
                    messages.append(String(decoding: message, as: UTF8.self))
                    condition.signal()
                    condition.unlock()
                    message = []
                }
            }
        } catch {
            finish(.failed("\(error)"))
        }
    }

    private func finish(_ how: Ending) {
        condition.lock()
        if ending == nil { ending = how }
        condition.broadcast()
        condition.unlock()
    }

    private func send(message payload: [UInt8], opcode: UInt8) throws {
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame.append(0x80 | 126)
            frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((UInt64(payload.count) >> (8 * UInt64($0))) & 0xFF) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try sendBytes(frame)
    }

    private func sendBytes(_ bytes: [UInt8]) throws {
        sending.lock()
        defer { sending.unlock() }
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure("the connection closed while sending") }
            sent += count
        }
    }
}

/// Bytes from the socket, read as an HTTP head and then as WebSocket frames.
private struct FrameReader: Sendable {
    let socket: Int32
    private var buffer: [UInt8] = []

    init(socket: Int32) { self.socket = socket }

    mutating func readHead() throws -> String {
        let end: [UInt8] = [13, 10, 13, 10]
        while true {
            if let range = buffer.firstRange(of: end) {
                let head = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                buffer.removeFirst(range.upperBound)
                return head
            }
            try fill()
        }
    }

    mutating func readFrame() throws -> (final: Bool, opcode: UInt8, payload: [UInt8]) {
        let header = try read(2)
        var length = Int(header[1] & 0x7F)
        if length == 126 {
            let bytes = try read(2)
            length = Int(bytes[0]) << 8 | Int(bytes[1])
        } else if length == 127 {
            length = try read(8).reduce(0) { $0 << 8 | Int($1) }
        }
        return (header[0] & 0x80 != 0, header[0] & 0x0F, try read(length))
    }

    private mutating func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &chunk, chunk.count, 0)
        guard count > 0 else {
            throw WebSocketTestClient.Failure(count == 0 ? "the connection closed" : "no data in time (errno \(errno))")
        }
        buffer += chunk[0..<count]
    }

    private mutating func read(_ count: Int) throws -> [UInt8] {
        while buffer.count < count { try fill() }
        defer { buffer.removeFirst(count) }
        return Array(buffer[0..<count])
    }
}

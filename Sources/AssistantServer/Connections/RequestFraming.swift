/// Where one connection's bytes stand among its HTTP/1.1 requests: in a head, in a body, between requests, or
/// handed to a WebSocket. It reads only the framing (the end of each head, `Content-Length`, chunk sizes), so the
/// connection's guard can time a half-sent request and refuse a head that framing cannot trust — before
/// the HTTP decoder, which would wait for such a request for ever.
struct RequestFraming: Sendable {
    /// Why a request cannot be read, with the status it is answered with.
    struct Refusal: Error, Sendable, Equatable {
        let status: Int
        let reason: String
        let message: String
        var code = "badRequest"
    }

    private enum State: Sendable, Equatable {
        case head
        case body(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkEnd
        case trailers
        /// A request asked to upgrade: what follows is the server's to decide (`resume` or `upgraded`).
        case upgradePending
        case upgraded
    }

    private var state = State.head
    /// The part of a line (or head) read so far.
    private var pending: [UInt8] = []
    let maximumHeadSize: Int

    init(maximumHeadSize: Int) { self.maximumHeadSize = maximumHeadSize }

    /// Whether a request has begun and not yet been read to its end.
    var isInRequest: Bool {
        switch state {
        case .head: !pending.isEmpty
        case .upgradePending, .upgraded: false
        default: true
        }
    }

    /// Whether the last head asked for an upgrade that the server has not answered yet.
    var awaitsUpgrade: Bool { state == .upgradePending }
    var isUpgraded: Bool { state == .upgraded }

    /// The server switched protocols: no more HTTP on this connection.
    mutating func upgraded() { state = .upgraded }

    /// The server answered the upgrade request with anything but `101`: HTTP goes on.
    mutating func resume() {
        if state == .upgradePending { state = .head }
    }

    /// Reads the next bytes; throws when a request cannot be framed.
    mutating func read(_ bytes: some Sequence<UInt8>) throws(Refusal) {
        for byte in bytes {
            switch state {
            case .upgradePending, .upgraded:
                return
            case .head:
                if pending.isEmpty && (byte == 0x0D || byte == 0x0A) { continue }  // blank lines between requests
                pending.append(byte)
                if pending.count > maximumHeadSize {
                    throw Refusal(status: 431, reason: "Request Header Fields Too Large",
                                  message: "the request's head is larger than \(maximumHeadSize) bytes")
                }
                if byte == 0x0A, Self.endsWithBlankLine(pending) {
                    let head = pending
                    pending = []
                    state = try Self.stateAfter(head: head)
                }
            case .body(let remaining):
                state = remaining > 1 ? .body(remaining: remaining - 1) : .head
            case .chunkSize, .chunkEnd:
                pending.append(byte)
                if pending.count > 1024 {
                    throw Refusal(status: 400, reason: "Bad Request", message: "a chunk's size line is too long")
                }
                guard byte == 0x0A else { continue }
                let line = Self.trimmingLineEnd(pending)
                pending = []
                if state == .chunkEnd {
                    guard line.isEmpty else {
                        throw Refusal(status: 400, reason: "Bad Request", message: "a chunk does not end where its size says")
                    }
                    state = .chunkSize
                } else {
                    let size = try Self.chunkSize(line)
                    state = size == 0 ? .trailers : .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                state = remaining > 1 ? .chunkData(remaining: remaining - 1) : .chunkEnd
            case .trailers:
                pending.append(byte)
                if pending.count > maximumHeadSize {
                    throw Refusal(status: 431, reason: "Request Header Fields Too Large", message: "the request's trailers are too large")
                }
                if byte == 0x0A, pending.count <= 2 || Self.endsWithBlankLine(pending) {
                    pending = []
                    state = .head
                }
            }
        }
    }

    private static func endsWithBlankLine(_ bytes: [UInt8]) -> Bool {
        let count = bytes.count
        if count >= 2, bytes[count - 2] == 0x0A { return true }
        return count >= 3 && bytes[count - 2] == 0x0D && bytes[count - 3] == 0x0A
    }

    private static func trimmingLineEnd(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        var line = bytes[...]
        if line.last == 0x0A { line = line.dropLast() }
        if line.last == 0x0D { line = line.dropLast() }
        return line
    }

    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(Refusal) -> Int {
        let digits = line.prefix { $0 != UInt8(ascii: ";") }
        let text = String(decoding: digits, as: UTF8.self).trimmingASCIISpaces
        guard !text.isEmpty, text.count <= 15, let size = Int(text, radix: 16), size >= 0 else {
            throw Refusal(status: 400, reason: "Bad Request", message: "a chunk's size is not a hexadecimal number")
        }
        return size
    }

    /// What follows a complete head: its body's framing, or nothing.
    private static func stateAfter(head: [UInt8]) throws(Refusal) -> State {
        let bad = { (message: String) in Refusal(status: 400, reason: "Bad Request", message: message) }
        var lengths: Set<String> = []
        var chunked = false
        var transferEncodings = 0
        var upgrade = false
        try checkCharacters(of: head)
        let allLines = head.split(separator: 0x0A, omittingEmptySubsequences: false)
        var firstLine = allLines.first ?? []
        if firstLine.last == 0x0D { firstLine = firstLine.dropLast() }
        let requestLine = String(decoding: firstLine, as: UTF8.self).trimmingASCIISpaces
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[2].hasPrefix("HTTP/") else {
            throw bad("the request line is not ‘METHOD /path HTTP/1.1’")
        }
        try checkMethod(parts[0])
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            throw Refusal(status: 505, reason: "HTTP Version Not Supported",
                          message: "only HTTP/1.1 and HTTP/1.0 are served (not ‘\(parts[2])’)", code: "httpVersionNotSupported")
        }
        let target = parts[1]
        guard target.hasPrefix("/") || target == "*" || target.lowercased().hasPrefix("http://")
                || target.lowercased().hasPrefix("https://") else {
            throw Refusal(status: 400, reason: "Bad Request", message: "the request's path must begin with /", code: "badPath")
        }
        let lines = allLines.dropFirst()
        var headerCount = 0
        for rawLine in lines {
            var line = rawLine[...]
            if line.last == 0x0D { line = line.dropLast() }
            if line.isEmpty { continue }
            headerCount += 1
            if headerCount > maximumHeaderCount {
                throw Refusal(status: 431, reason: "Request Header Fields Too Large",
                              message: "the request has more than \(maximumHeaderCount) headers")
            }
            if line.first == 0x20 || line.first == 0x09 { throw bad("folded header lines are not accepted") }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw bad("a header line has no colon") }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
            guard !name.isEmpty, !name.contains(" "), !name.contains("\t") else { throw bad("a header's name is malformed") }
            let value = String(decoding: line[line.index(after: colon)...], as: UTF8.self).trimmingASCIISpaces
            switch name.lowercased() {
            case "content-length":
                for part in value.split(separator: ",", omittingEmptySubsequences: false) {
                    lengths.insert(String(part).trimmingASCIISpaces)
                }
            case "transfer-encoding":
                transferEncodings += 1
                guard value.lowercased() == "chunked" else {
                    throw bad("only Transfer-Encoding: chunked is accepted (not ‘\(value)’)")
                }
                chunked = true
            case "upgrade":
                guard value.lowercased() == "websocket" else {
                    throw bad("only an upgrade to a WebSocket is accepted (not ‘\(value)’); send the request without Upgrade")
                }
                upgrade = true
            default:
                break
            }
        }
        if chunked && !lengths.isEmpty { throw bad("a request cannot have both Content-Length and Transfer-Encoding") }
        if transferEncodings > 1 { throw bad("Transfer-Encoding is given more than once") }
        if chunked { return .chunkSize }
        if lengths.count > 1 { throw bad("Content-Length is given with different values") }
        if let text = lengths.first {
            guard !text.isEmpty, text.count <= 15, text.allSatisfy({ $0.isASCII && $0.isNumber }), let length = Int(text) else {
                throw bad("Content-Length is not a number")
            }
            if length > 0 { return .body(remaining: length) }
        }
        return upgrade ? .upgradePending : .head
    }

    /// Headers a request may carry; browsers and HTTP clients send a few dozen at most.
    static let maximumHeaderCount = 100

    /// Methods the server's HTTP decoder reads; any other is answered 501 here rather than left unanswered there.
    private static let knownMethods: Set<Substring> = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT"]

    private static func checkMethod(_ method: Substring) throws(Refusal) {
        guard method.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            throw Refusal(status: 400, reason: "Bad Request", message: "the method ‘\(method.prefix(20))’ is not an upper-case word")
        }
        guard knownMethods.contains(method) else {
            throw Refusal(status: 501, reason: "Not Implemented", message: "the method ‘\(method.prefix(20))’ is not served",
                          code: "methodNotImplemented")
        }
    }

    /// A head is printable text and tabs, its lines ended by LF or CRLF: a NUL, another control character or a CR
    /// alone is refused here, where the HTTP decoder would drop the connection without an answer.
    private static func checkCharacters(of head: [UInt8]) throws(Refusal) {
        for (index, byte) in head.enumerated() {
            switch byte {
            case 0x0D:
                guard index + 1 < head.count, head[index + 1] == 0x0A else {
                    throw Refusal(status: 400, reason: "Bad Request", message: "the request's head has a carriage return without a line feed")
                }
            case 0x0A, 0x09:
                continue
            case 0x00..<0x20, 0x7F:
                throw Refusal(status: 400, reason: "Bad Request", message: "the request's head holds a control character")
            default:
                continue
            }
        }
    }
}

extension String {
    fileprivate var trimmingASCIISpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}

import Foundation

extension JSONValue {
    /// The value as compact JSON text, keys sorted and slashes unescaped: the bytes `JSONEncoder` with
    /// `[.sortedKeys, .withoutEscapingSlashes]` writes for it. Throws for a number that is not finite.
    public func jsonData() throws -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        try JSONTextWriter.write(self, into: &bytes)
        return Data(bytes)
    }

    /// Reads JSON text, as `JSONDecoder` decoding a `JSONValue` would (the same values, the same
    /// refusals), without going through `Codable`. Throws `DecodingError.dataCorrupted` saying where.
    public init(jsonData data: Data) throws {
        self = try data.withUnsafeBytes { buffer in
            var reader = JSONTextReader(bytes: buffer.bindMemory(to: UInt8.self))
            return try reader.document()
        }
    }
}

enum JSONTextWriter {
    static func write(_ value: JSONValue, into out: inout [UInt8]) throws {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .string(let text): string(text, into: &out)
        case .number(let number):
            guard number.isFinite else {
                throw EncodingError.invalidValue(number, .init(codingPath: [],
                    debugDescription: "Unable to encode Double.\(number) directly in JSON."))
            }
            // As `JSONValue.encode(to:)`: whole numbers as integers.
            if number.rounded() == number, abs(number) < 1e15 {
                out.append(contentsOf: String(Int64(number)).utf8)
            } else {
                out.append(contentsOf: "\(number)".utf8)
            }
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                try write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                string(key, into: &out)
                out.append(UInt8(ascii: ":"))
                if let member = members[key] { try write(member, into: &out) }
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func string(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escape: copied at once rather than byte by byte.
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if copied == true {
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// A JSON reader (RFC 8259) over UTF-8 bytes, with `JSONDecoder`'s allowances (a trailing comma) and
/// nesting limit.
struct JSONTextReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var depth = 0
    static let maximumDepth = 512

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func document() throws -> JSONValue {
        skipSpace()
        let value = try value()
        skipSpace()
        guard position == bytes.count else { throw failure("Unexpected character after the top-level value") }
        return value
    }

    private func failure(_ message: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "The given data was not valid JSON: \(message) at byte \(position)."))
    }

    private mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func expect(_ word: String, _ value: JSONValue) throws -> JSONValue {
        for byte in word.utf8 {
            guard current == byte else { throw failure("Invalid literal") }
            position += 1
        }
        return value
    }

    private mutating func value() throws -> JSONValue {
        guard let byte = current else { throw failure("Unexpected end of data") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("Unexpected character '\(Unicode.Scalar(byte))'")
        }
    }

    private mutating func nest() throws {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("Too many nested arrays or objects") }
    }

    private mutating func object() throws -> JSONValue {
        try nest()
        defer { depth -= 1 }
        position += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipSpace()
            if current == UInt8(ascii: "}"), !members.isEmpty {  // a trailing comma, which JSONDecoder accepts
                position += 1
                return .object(members)
            }
            guard current == UInt8(ascii: "\"") else { throw failure("Expected a key") }
            let key = try string()
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw failure("Expected ':'") }
            position += 1
            skipSpace()
            members[key] = try value()
            skipSpace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            default: throw failure("Expected ',' or '}'")
            }
        }
    }

    private mutating func array() throws -> JSONValue {
        try nest()
        defer { depth -= 1 }
        position += 1
        var elements: [JSONValue] = []
        skipSpace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipSpace()
            if current == UInt8(ascii: "]"), !elements.isEmpty {  // a trailing comma, which JSONDecoder accepts
                position += 1
                return .array(elements)
            }
            elements.append(try value())
            skipSpace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            default: throw failure("Expected ',' or ']'")
            }
        }
    }

    private mutating func string() throws -> String {
        position += 1
        let start = position
        // Fast path: no escapes.
        var bitsSeen: UInt8 = 0
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw failure("Unescaped control character in a string") }
            bitsSeen |= byte
            position += 1
        }
        guard let stop = current else { throw failure("Unterminated string") }
        let run = UnsafeBufferPointer(rebasing: bytes[start..<position])
        // ASCII needs no validation; `String(validating:as:)` is generic in the standard library, unspecialized,
        // and cost more than the rest of reading a wire line.
        guard let plain = bitsSeen < 0x80 ? String(decoding: run, as: UTF8.self) : String(validating: run, as: UTF8.self) else {
            throw failure("Invalid UTF-8 in a string")
        }
        if stop == UInt8(ascii: "\"") {
            position += 1
            return plain
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: plain.unicodeScalars)
        var pending: [UInt8] = []
        func flush() throws {
            guard !pending.isEmpty else { return }
            guard let text = String(validating: pending, as: UTF8.self) else { throw failure("Invalid UTF-8 in a string") }
            scalars.append(contentsOf: text.unicodeScalars)
            pending.removeAll(keepingCapacity: true)
        }
        while true {
            guard let byte = current else { throw failure("Unterminated string") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                try flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush()
                guard let escape = current else { throw failure("Unterminated string") }
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"): scalars.append(try escapedScalar())
                default: throw failure("Invalid escape sequence")
                }
            case 0..<0x20:
                throw failure("Unescaped control character in a string")
            default:
                pending.append(byte)
            }
        }
    }

    private mutating func hexQuad() throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("Incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("Invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private mutating func escapedScalar() throws -> Unicode.Scalar {
        let first = try hexQuad()
        if (0xD800..<0xDC00).contains(first) {
            guard position + 2 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
                  bytes[position + 1] == UInt8(ascii: "u") else { throw failure("Unpaired UTF-16 surrogate") }
            position += 2
            let second = try hexQuad()
            guard (0xDC00..<0xE000).contains(second),
                  let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) else {
                throw failure("Unpaired UTF-16 surrogate")
            }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else { throw failure("Unpaired UTF-16 surrogate") }
        return scalar
    }

    private mutating func digits() -> Int {
        let start = position
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        return position - start
    }

    private mutating func number() throws -> Double {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        let leadingZero = current == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0 else { throw failure("Invalid number") }
        guard !leadingZero || integerDigits == 1 else { throw failure("Number with a leading zero") }
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw failure("Invalid number") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw failure("Invalid number") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else { throw failure("Number \(text) does not fit in a Double") }
        return number
    }
}

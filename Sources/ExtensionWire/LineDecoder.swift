import Foundation

/// Splits a byte stream into lines (LF or CRLF), refusing a line longer than a limit.
/// Pure: feed it whatever chunks the pipe delivered, in any sizes.
public struct LineDecoder: Sendable {
    /// A line grew past the limit before its newline arrived.
    public struct OversizedLine: Error, Sendable, Equatable {
        /// The limit, in bytes.
        public let limit: Int

        public init(limit: Int) {
            self.limit = limit
        }
    }

    private var buffer = Data()
    /// Where the scan for the next newline resumes.
    private var scanned = 0
    /// The longest accepted line, newline excluded.
    public let maximumLength: Int

    public init(maximumLength: Int = WireProtocol.maximumLineLength) {
        self.maximumLength = maximumLength
    }

    /// Bytes received but not yet ending in a newline.
    public var pendingByteCount: Int { buffer.count }

    /// Adds bytes and returns the complete lines they finish, without their newline; blank lines are skipped.
    public mutating func feed(_ bytes: some DataProtocol) throws(OversizedLine) -> [Data] {
        buffer.append(contentsOf: bytes)
        var lines: [Data] = []
        var lineStart = buffer.startIndex
        var index = buffer.startIndex + scanned
        while let newline = buffer[index...].firstIndex(of: 0x0A) {
            var end = newline
            if end > lineStart, buffer[end - 1] == 0x0D { end -= 1 }
            guard end - lineStart <= maximumLength else { throw OversizedLine(limit: maximumLength) }
            if end > lineStart { lines.append(Data(buffer[lineStart..<end])) }
            lineStart = newline + 1
            index = lineStart
        }
        if lineStart > buffer.startIndex { buffer.removeSubrange(buffer.startIndex..<lineStart) }
        scanned = buffer.count
        guard buffer.count <= maximumLength + 1 else { throw OversizedLine(limit: maximumLength) }
        return lines
    }

    /// What is left when the stream ends: a final line without a newline, if any.
    public mutating func finish() -> Data? {
        defer { buffer = Data(); scanned = 0 }
        var rest = buffer
        if rest.last == 0x0D { rest.removeLast() }
        return rest.isEmpty ? nil : rest
    }
}

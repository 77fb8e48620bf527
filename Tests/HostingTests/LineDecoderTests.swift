import ExtensionWire
import Foundation
import TestSupport
import Testing

/// The line decoder fed whole, byte by byte, concatenated and truncated (after NIO's decoder verifier).
@Suite struct LineDecoderTests {
    static let lines = [#"{"a":1}"#, #"{"b":"two words"}"#, "ümlaut ✓ 日本"]
    static let stream = Data((lines.joined(separator: "\n") + "\n").utf8)

    static func decode(_ chunks: [Data], limit: Int = 1024) throws -> [String] {
        var decoder = LineDecoder(maximumLength: limit)
        var result: [Data] = []
        for chunk in chunks { result += try decoder.feed(chunk) }
        if let rest = decoder.finish() { result.append(rest) }
        return result.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func wholeByteByByteAndInRandomChunks() throws {
        #expect(try Self.decode([Self.stream]) == Self.lines)
        #expect(try Self.decode(Self.stream.map { Data([$0]) }) == Self.lines)
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<50 {
            var chunks: [Data] = []
            var index = 0
            while index < Self.stream.count {
                let size = Int.random(in: 1...9, using: &generator)
                chunks.append(Self.stream[index..<min(index + size, Self.stream.count)])
                index += size
            }
            #expect(try Self.decode(chunks) == Self.lines)
        }
    }

    @Test func concatenatedCRLFAndBlankLines() throws {
        #expect(try Self.decode([Data("a\r\n\n\nb\nc".utf8)]) == ["a", "b", "c"])
    }

    @Test func truncatedInput() throws {
        var decoder = LineDecoder()
        #expect(try decoder.feed(Data(#"{"a":"#.utf8)).isEmpty)
        #expect(decoder.pendingByteCount == 5)
        #expect(decoder.finish() == Data(#"{"a":"#.utf8))
    }

    @Test func aLineOverTheLimitIsRefusedWhetherOrNotItsNewlineArrived() throws {
        #expect(throws: LineDecoder.OversizedLine(limit: 8)) { try Self.decode([Data("0123456789\n".utf8)], limit: 8) }
        #expect(throws: LineDecoder.OversizedLine(limit: 8)) { try Self.decode([Data("0123456789".utf8)], limit: 8) }
        #expect(try Self.decode([Data("01234567\n".utf8)], limit: 8) == ["01234567"])
    }
}

/// Reads what `ModelWriter` wrote; any read past the end, or a count that cannot be, is a
/// `ModelReader.Corrupt` error, so a damaged cache file is rebuilt, never trusted.
struct ModelReader {
    struct Corrupt: Error {}

    private let bytes: [UInt8]
    private var offset = 0

    /// Reads `bytes` from `start` on (sharing the array, not copying it).
    init(_ bytes: [UInt8], from start: Int = 0) {
        self.bytes = bytes
        offset = min(max(start, 0), bytes.count)
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func readUInt32() throws(Corrupt) -> UInt32 {
        try readLittleEndian()
    }

    mutating func readUInt64() throws(Corrupt) -> UInt64 {
        try readLittleEndian()
    }

    private mutating func readLittleEndian<Integer: FixedWidthInteger & UnsignedInteger>() throws(Corrupt) -> Integer {
        let size = Integer.bitWidth / 8
        guard bytes.count - offset >= size else { throw Corrupt() }
        var value: Integer = 0
        for shift in 0..<size { value |= Integer(bytes[offset + shift]) << (8 * shift) }
        offset += size
        return value
    }

    /// A count of items at least `itemSize` bytes each: more than the bytes left can hold is corrupt.
    mutating func readCount(itemSize: Int = 1) throws(Corrupt) -> Int {
        let count = Int(try readUInt32())
        guard count <= (bytes.count - offset) / max(itemSize, 1) else { throw Corrupt() }
        return count
    }

    mutating func readString() throws(Corrupt) -> String {
        let count = try readCount()
        let text = String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
        offset += count
        return text
    }

    /// Passes over bytes `ModelWriter.write(bytes:)` wrote; where they are.
    mutating func skipBytes() throws(Corrupt) -> Range<Int> {
        let count = try readCount()
        defer { offset += count }
        return offset..<(offset + count)
    }

    mutating func readStrings() throws(Corrupt) -> [String] {
        let count = try readCount(itemSize: 4)
        var texts: [String] = []
        texts.reserveCapacity(count)
        for _ in 0..<count { texts.append(try readString()) }
        return texts
    }

    /// What `ModelWriter.write(numbers:)` wrote.
    mutating func readNumbers() throws(Corrupt) -> [Int] {
        let count = try readCount(itemSize: 4)
        var numbers: [Int] = []
        numbers.reserveCapacity(count)
        for _ in 0..<count { numbers.append(Int(try readUInt32())) }
        return numbers
    }

    mutating func readFloats() throws(Corrupt) -> [Float] {
        let count = try readCount(itemSize: 4)
        var numbers = [Float](repeating: 0, count: count)
        for index in 0..<count { numbers[index] = Float(bitPattern: try readUInt32()) }
        return numbers
    }

    mutating func readDouble() throws(Corrupt) -> Double {
        Double(bitPattern: try readUInt64())
    }

    /// An index from key to position, as `ModelWriter.write(index:)` wrote it; repeated keys are corrupt.
    mutating func readIndex() throws(Corrupt) -> [String: Int] {
        let keys = try readStrings()
        var index: [String: Int] = [:]
        index.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() {
            guard index.updateValue(position, forKey: key) == nil else { throw Corrupt() }
        }
        return index
    }
}

/// Writes a trained model's parts in the compact binary form of the model cache: little-endian
/// numbers, strings as a length and UTF-8 bytes, lists as a count and their items.
struct ModelWriter {
    private(set) var bytes: [UInt8] = []

    mutating func write(_ number: UInt32) {
        withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(count: Int) {
        write(UInt32(count))
    }

    mutating func write(_ text: String) {
        write(count: text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    /// Bytes written as they are, after their count.
    mutating func write(bytes more: [UInt8]) {
        write(count: more.count)
        bytes.append(contentsOf: more)
    }

    mutating func write(_ texts: [String]) {
        write(count: texts.count)
        for text in texts { write(text) }
    }

    /// Small non-negative integers (word numbers, step indices).
    mutating func write(numbers: [Int]) {
        write(count: numbers.count)
        for number in numbers { write(count: number) }
    }

    mutating func write(_ numbers: [Float]) {
        write(count: numbers.count)
        for number in numbers { write(number.bitPattern) }
    }

    mutating func write(_ number: Double) {
        write(number.bitPattern)
    }

    /// The keys of an index from key to position, in position order.
    mutating func write(index: [String: Int]) {
        var keys = [String](repeating: "", count: index.count)
        for (key, position) in index { keys[position] = key }
        write(keys)
    }
}

/// A 64-bit FNV-1a digest: the same bytes give the same value in every process and on every machine
/// (unlike `Hasher`, which is seeded per process). Names cached models and checks them; not for security.
struct StableDigest: Sendable {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
    }

    /// Adds many bytes eight at a time (a different digest from adding them one by one, and quicker):
    /// the model cache's checksum over megabytes.
    mutating func add(many bytes: [UInt8], from start: Int = 0) {
        var value = self.value
        bytes.withUnsafeBytes { whole in
            let buffer = UnsafeRawBufferPointer(rebasing: whole[min(max(start, 0), whole.count)...])
            let whole = buffer.count / 8
            for index in 0..<whole {
                value ^= UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
                value &*= 0x0000_0100_0000_01B3
                value ^= value >> 29
            }
            for byte in buffer[(whole * 8)...] {
                value ^= UInt64(byte)
                value &*= 0x0000_0100_0000_01B3
            }
        }
        self.value = value
    }

    /// Adds a string and its length, so that "ab"+"c" and "a"+"bc" differ.
    mutating func add(_ text: String) {
        add(UInt64(text.utf8.count))
        add(text.utf8)
    }

    mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { add($0) }
    }
}

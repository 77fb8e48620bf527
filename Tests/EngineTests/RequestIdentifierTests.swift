import Foundation
import ParlanceCore
import Testing

/// A request's identifier (the journal's key) is a version 4 UUID from the system's random source.
@Suite struct RequestIdentifierTests {
    @Test func randomVersionFourUUIDs() {
        let made = (0..<2_000).map { _ in UUID.systemRandom() }
        #expect(Set(made).count == made.count, "no two alike")
        for identifier in made {
            let text = identifier.uuidString
            let version = text[text.index(text.startIndex, offsetBy: 14)]
            let variant = text[text.index(text.startIndex, offsetBy: 19)]
            #expect(version == "4" && "89AB".contains(variant), "\(text)")
            #expect(UUID(uuidString: text) == identifier)
        }
        // Every other bit varies: over 2,000 identifiers each of the 122 random bits takes both values.
        let bits = made.map { uuid in withUnsafeBytes(of: uuid.uuid) { Array($0) } }
        for byte in 0..<16 {
            let fixed: UInt8 = byte == 6 ? 0xF0 : byte == 8 ? 0xC0 : 0
            let ones = bits.reduce(UInt8(0)) { $0 | $1[byte] }
            let zeros = bits.reduce(UInt8(0)) { $0 | ~$1[byte] }
            #expect(ones | fixed == 0xFF && zeros | fixed == 0xFF, "byte \(byte)")
        }
    }
}

@testable import ParlanceUnderstanding
import Testing

/// Control characters are found by their code points, not looked up; the code points must be exactly the
/// characters Unicode calls controls (general category Cc), tabs and line breaks aside.
@Suite struct ControlCharacterTests {
    @Test func theControlsAreExactlyUnicodesControls() {
        // Every control is in the first plane; the rest of the code space is sampled.
        let values = Array(0...0x2FFFF) + Array(stride(from: 0x30000, through: 0x10FFFF, by: 97))
        var differing: [UInt32] = []
        for value in values {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }  // surrogates are no scalars
            let isControl = scalar.properties.generalCategory == .control && !["\t", "\n", "\r"].contains(scalar)
            if (UnderstandingError.firstControlCharacter(in: "a" + String(Character(scalar)) + "b") != nil) != isControl {
                differing.append(scalar.value)
            }
        }
        #expect(differing.isEmpty, "for instance: \(differing.prefix(5).map { String($0, radix: 16) })")
    }

    @Test func theFirstControlIsTheOneNamed() {
        #expect(UnderstandingError.firstControlCharacter(in: "send\tit\r\nnow") == nil)
        #expect(UnderstandingError.firstControlCharacter(in: "send \u{1B}[2J it \u{7}") == "\u{1B}")
        #expect(UnderstandingError.firstControlCharacter(in: "pay \u{85}me") == "\u{85}")
        #expect(UnderstandingError.firstControlCharacter(in: "zero-width\u{200B}joiner is no control") == nil)
    }
}

import Foundation
import Intents
import TestSupport
import Testing

/// App names misspelled in ASCII are compared on bytes, with a limit, and only near the table's diagonal;
/// within the limit the distance must be the one the whole table of characters gives, and past it, past the
/// limit too.
@Suite struct EditDistanceTests {
    @Test func bytesWithALimitAgreeWithCharacters() {
        var random = SeededGenerator(seed: 2611)
        let alphabet = Array("abcde".utf8)
        for _ in 0..<40_000 {
            let a = (0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? 0x61 }
            let b = (0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? 0x61 }
            let limit = Int.random(in: 0...3, using: &random)
            let exact = Suggestion.editDistance(a.map { Character(UnicodeScalar($0)) }, b.map { Character(UnicodeScalar($0)) })
            let bounded = Suggestion.editDistance(a, b, beyond: limit)
            #expect(exact <= limit ? bounded == exact : bounded > limit, "\(a) \(b) limit \(limit)")
        }
    }
}

import Foundation
@testable import ParlanceUnderstanding
import TestSupport
import Testing

/// ASCII text is tokenized on bytes (the fast path); every ASCII text must get exactly the tokens the
/// character-by-character tokenizer gives it.
@Suite struct TokenizerTests {
    /// Pieces that meet every rule of the tokenizer: elisions, verb–pronoun hyphens, inner apostrophes and
    /// hyphens, decimals and groups, exponents, ordinals, symbols, punctuation and every kind of space.
    static let pieces = ["l'", "all'", "dell'", "qu'", "d'", "O'Hara", "Jean-Luc", "montre-moi", "sais-tu", "rock-n-roll",
                         "2nd", "1st", "3rd", "4th", "15.50", "1,000", "1e309", "2E-3", "3e", "4e5x", "mp3", "r2d2",
                         "Bobo", "send", "to", "the", "a", "I", "'", "-", ".", ",", "e", "E", "+", "$", "%", "#", "@",
                         "&", "<", "=", ">", "|", "~", "!", "?", ":", ";", "\"", "(", ")", "[", "]", "{", "}", "/",
                         "\\", "*", "^", "_", "`", " ", " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "7", "0"]

    @Test func asciiTextGetsTheSameTokensEitherWay() {
        var random = SeededGenerator(seed: 20261126)
        var texts = Self.pieces
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...8, using: &random)
            texts.append((0..<count).map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined())
        }
        for _ in 0..<5_000 {  // any printable ASCII at all
            let count = Int.random(in: 1...12, using: &random)
            texts.append(String(decoding: (0..<count).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }, as: UTF8.self))
        }
        let differing = texts.filter { Utterance.tokenizeASCII($0) != Utterance.tokenize($0) }
        let count = differing.count
        #expect(count == 0, "for instance: \(differing.prefix(5))")
    }
}

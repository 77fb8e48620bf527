import Foundation
import ParlanceCore

/// A request as text, normalized (Unicode NFKC) and split into tokens that keep their place in it,
/// so that a parameter's value can be cut from what the user actually wrote.
///
/// Tokenization works without spaces: each Han, kana or Hangul character is a token of its own,
/// and languages that need words group them later.
public struct Utterance: Sendable {
    /// The text after NFKC normalization (full-width letters become plain ones, ligatures split).
    public let text: String
    /// The tokens, in order.
    public let tokens: [Token]

    /// The request as given, before normalization.
    public let original: String
    /// Where each character of `text` came from in `original`, when normalization changed anything
    /// (full-width "？" became "?"); empty when `text` is `original`.
    private let origins: [(start: String.Index, source: Range<String.Index>)]

    /// Normalizes and tokenizes a request.
    public init(_ raw: String) {
        original = raw
        // ASCII is its own normal form; Foundation's normalization costs microseconds a request.
        let isASCII = raw.utf8.allSatisfy { $0 < 0x80 }
        if isASCII || raw.precomposedStringWithCompatibilityMapping == raw {
            text = raw
            origins = []
        } else {
            // Character by character, so that every normalized character knows the one it came from.
            var text = ""
            var origins: [(String.Index, Range<String.Index>)] = []
            var index = raw.startIndex
            while index < raw.endIndex {
                let next = raw.index(after: index)
                for character in String(raw[index..<next]).precomposedStringWithCompatibilityMapping {
                    origins.append((text.endIndex, index..<next))
                    text.append(character)
                }
                index = next
            }
            self.text = text
            self.origins = origins
        }
        self.tokens = isASCII ? Utterance.tokenizeASCII(text) : Utterance.tokenize(text)
    }

    /// The words of tokens `range` exactly as the user wrote them, before normalization: what a message says.
    public func originalText(of range: Range<Int>) -> String {
        guard !origins.isEmpty else { return text(of: range) }
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= tokens.count else { return "" }
        let lower = tokens[range.lowerBound].range.lowerBound
        let upper = tokens[range.upperBound - 1].range.upperBound
        // The first character starting at or after `lower`, and the last one starting before `upper`.
        var low = 0, high = origins.count
        while low < high {
            let middle = (low + high) / 2
            if origins[middle].start < lower { low = middle + 1 } else { high = middle }
        }
        let first = low
        low = first
        high = origins.count
        while low < high {
            let middle = (low + high) / 2
            if origins[middle].start < upper { low = middle + 1 } else { high = middle }
        }
        let last = low - 1
        guard first < origins.count, last >= first else { return text(of: range) }
        return String(original[origins[first].source.lowerBound..<origins[last].source.upperBound])
    }

    /// The original text of tokens `range` (from the first token's start to the last token's end).
    public func text(of range: Range<Int>) -> String {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= tokens.count else { return "" }
        return String(text[tokens[range.lowerBound].range.lowerBound..<tokens[range.upperBound - 1].range.upperBound])
    }

    static func tokenize(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character.isWhitespace || character.isNewline {
                index = next
            } else if CharacterClass.isIdeograph(character) {
                tokens.append(make(text, index..<next, .ideograph))
                index = next
            } else if CharacterClass.isDigit(character) {
                let end = scanNumber(text, from: index)
                tokens.append(make(text, index..<end, .number))
                index = end
            } else if CharacterClass.isLetter(character) {
                let end = scanWord(text, from: index)
                if let split = elision(text, index..<end) {
                    tokens.append(make(text, index..<split, .word))
                    tokens.append(make(text, split..<end, .word))
                } else if let hyphen = pronounAfterVerb(text, index..<end) {
                    tokens.append(make(text, index..<hyphen, .word))
                    tokens.append(make(text, text.index(after: hyphen)..<end, .word))
                } else {
                    tokens.append(make(text, index..<end, .word))
                }
                index = end
            } else {
                let kind: Token.Kind = CharacterClass.isSymbol(character) ? .symbol : .punctuation
                tokens.append(make(text, index..<next, kind))
                index = next
            }
        }
        return mergeOrdinalSuffixes(tokens, in: text)
    }

    /// `tokenize` for text that is all ASCII (most English requests), on bytes: the same tokens, without
    /// the cost of cutting the text into characters and asking each for its Unicode properties.
    static func tokenizeASCII(_ text: String) -> [Token] {
        let bytes = Array(text.utf8)
        let utf8 = text.utf8
        func position(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        func isLetter(_ offset: Int) -> Bool {
            offset < bytes.count && ((0x41...0x5A).contains(bytes[offset]) || (0x61...0x7A).contains(bytes[offset]))
        }
        func isDigit(_ offset: Int) -> Bool { offset < bytes.count && (0x30...0x39).contains(bytes[offset]) }
        var tokens: [Token] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                index += 1
            } else if isDigit(index) {
                let end = scanNumberASCII(bytes, from: index)
                tokens.append(make(text, position(index)..<position(end), .number))
                index = end
            } else if isLetter(index) {
                var end = index + 1
                while end < bytes.count {
                    if isLetter(end) || isDigit(end) {
                        end += 1
                    } else if bytes[end] == 0x27 || bytes[end] == 0x2D, isLetter(end + 1) {
                        end += 2
                    } else if bytes[end] == 0x27,
                              elidedWords.contains(String(decoding: bytes[index..<end], as: UTF8.self).lowercased()) {
                        end += 1  // "all' aeroporto": the elided word keeps its apostrophe
                        break
                    } else {
                        break
                    }
                }
                let range = position(index)..<position(end)
                if let split = elision(text, range) {
                    tokens.append(make(text, range.lowerBound..<split, .word))
                    tokens.append(make(text, split..<range.upperBound, .word))
                } else if let hyphen = pronounAfterVerb(text, range) {
                    tokens.append(make(text, range.lowerBound..<hyphen, .word))
                    tokens.append(make(text, text.index(after: hyphen)..<range.upperBound, .word))
                } else {
                    tokens.append(make(text, range, .word))
                }
                index = end
            } else {
                let kind: Token.Kind = Self.asciiSymbols.contains(byte) ? .symbol : .punctuation
                tokens.append(make(text, position(index)..<position(index + 1), kind))
                index += 1
            }
        }
        return mergeOrdinalSuffixes(tokens, in: text)
    }

    /// ASCII's currency and math symbols and the others the tokenizer keeps (`CharacterClass.isSymbol`).
    private static let asciiSymbols: Set<UInt8> = Set("$+<=>|~%#@&".utf8)

    /// `scanNumber` on ASCII bytes; returns the end offset.
    private static func scanNumberASCII(_ bytes: [UInt8], from start: Int) -> Int {
        func isDigit(_ offset: Int) -> Bool { offset < bytes.count && (0x30...0x39).contains(bytes[offset]) }
        var end = start + 1
        while end < bytes.count {
            let byte = bytes[end]
            if isDigit(end) {
                end += 1
            } else if byte == 0x2E || byte == 0x2C, isDigit(end + 1) {
                end += 2
            } else if byte == 0x65 || byte == 0x45 {
                // "1e309" is one number (too large to be any), not 1 and a word.
                var index = end + 1
                if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
                guard isDigit(index) else { break }
                while isDigit(index) { index += 1 }
                let letterAfter = index < bytes.count && ((0x41...0x5A).contains(bytes[index]) || (0x61...0x7A).contains(bytes[index]))
                if letterAfter { break }
                return index
            } else {
                break
            }
        }
        return end
    }

    private static func make(_ text: String, _ range: Range<String.Index>, _ kind: Token.Kind) -> Token {
        let original = text[range]
        return Token(key: TextFolding.key(original), range: range, kind: kind,
                     isCapitalized: original.first?.isUppercase ?? false)
    }

    /// Letters, with an apostrophe or hyphen allowed between two letters.
    private static func scanWord(_ text: String, from start: String.Index) -> String.Index {
        var end = text.index(after: start)
        while end < text.endIndex {
            let character = text[end]
            if CharacterClass.isLetter(character) || character.isNumber && !CharacterClass.isDigit(character) {
                end = text.index(after: end)
            } else if CharacterClass.isWordJoiner(character), let after = text.index(end, offsetBy: 1, limitedBy: text.endIndex),
                      after < text.endIndex, CharacterClass.isLetter(text[after]) {
                end = text.index(after: after)
            } else if CharacterClass.isDigit(character) {
                // "mp3", "r2d2": digits after letters stay in the word, unless han or kana follow them at once:
                // "Sara2027新年快乐" is a name, then a year.
                var digitsEnd = end
                while digitsEnd < text.endIndex, CharacterClass.isDigit(text[digitsEnd]) { digitsEnd = text.index(after: digitsEnd) }
                if digitsEnd < text.endIndex, CharacterClass.isIdeograph(text[digitsEnd]) { break }
                end = text.index(after: end)
            } else if character == "'" || character == "\u{2019}",
                      Self.elidedWords.contains(text[start..<end].lowercased()) {
                end = text.index(after: end) // "all' aeroporto", "d' accord": the elided word keeps its apostrophe
                break
            } else {
                break
            }
        }
        return end
    }

    /// French and Italian elisions: "l'aéroport" is "l'" and "aéroport", "all'aeroporto" is "all'" and
    /// "aeroporto"; returns where the second word starts.
    private static func elision(_ text: String, _ range: Range<String.Index>) -> String.Index? {
        // Most words have no apostrophe: bytes are quicker to look through than characters (’ starts with 0xE2).
        guard text.utf8[range].contains(where: { $0 == 0x27 || $0 == 0xE2 }),
              let apostrophe = text[range].firstIndex(where: { $0 == "'" || $0 == "\u{2019}" }) else { return nil }
        let head = text[range.lowerBound..<apostrophe].lowercased()
        let after = text.index(after: apostrophe)
        guard after < range.upperBound, Self.elidedWords.contains(head) else { return nil }
        return after
    }

    /// A French verb with its pronoun: "emmène-moi", "montre-moi", "sais-tu"; returns the hyphen.
    private static func pronounAfterVerb(_ text: String, _ range: Range<String.Index>) -> String.Index? {
        guard text.utf8[range].contains(where: { $0 == 0x2D || $0 == 0xE2 }),
              let hyphen = text[range].lastIndex(where: { $0 == "-" || $0 == "\u{2010}" }), hyphen > range.lowerBound
        else { return nil }
        let pronoun = text[text.index(after: hyphen)..<range.upperBound].lowercased()
        return Self.pronouns.contains(pronoun) ? hyphen : nil
    }

    private static let pronouns: Set<String> = ["moi", "toi", "nous", "vous", "le", "la", "les", "lui", "leur", "tu",
                                                "il", "elle", "ils", "elles", "je"]

    private static let elidedWords: Set<String> = [
        "l", "d", "j", "qu", "s", "n", "c", "m", "t", "jusqu", "lorsqu", "puisqu", "quelqu",
        "all", "dell", "dall", "nell", "sull", "un", "quest", "quell", "coll", "mezz",
    ]

    /// Digits, with "." or "," allowed between two digits ("15.50", "1,000").
    private static func scanNumber(_ text: String, from start: String.Index) -> String.Index {
        var end = text.index(after: start)
        while end < text.endIndex {
            let character = text[end]
            if CharacterClass.isDigit(character) {
                end = text.index(after: end)
            } else if character == "." || character == ",",
                      let after = text.index(end, offsetBy: 1, limitedBy: text.endIndex), after < text.endIndex,
                      CharacterClass.isDigit(text[after]) {
                end = text.index(after: after)
            } else if character == "e" || character == "E", let exponent = exponentEnd(text, from: end) {
                // "1e309" is one number (too large to be any), not 1 and a word.
                return exponent
            } else {
                break
            }
        }
        return end
    }

    /// The end of an exponent ("e309", "E-3") that starts at `start`, if one does.
    private static func exponentEnd(_ text: String, from start: String.Index) -> String.Index? {
        var index = text.index(after: start)
        if index < text.endIndex, text[index] == "+" || text[index] == "-" { index = text.index(after: index) }
        guard index < text.endIndex, CharacterClass.isDigit(text[index]) else { return nil }
        while index < text.endIndex, CharacterClass.isDigit(text[index]) { index = text.index(after: index) }
        guard index == text.endIndex || !CharacterClass.isLetter(text[index]) else { return nil }
        return index
    }

    /// "2" + "nd" written together become one token "2nd" (an ordinal), and likewise "1st", "3rd", "4th".
    private static func mergeOrdinalSuffixes(_ tokens: [Token], in text: String) -> [Token] {
        guard tokens.count > 1 else { return tokens }
        var merged: [Token] = []
        merged.reserveCapacity(tokens.count)
        for token in tokens {
            if let last = merged.last, last.kind == .number, token.kind == .word, last.range.upperBound == token.range.lowerBound,
               ["st", "nd", "rd", "th"].contains(token.key) {
                merged[merged.count - 1] = make(text, last.range.lowerBound..<token.range.upperBound, .word)
            } else {
                merged.append(token)
            }
        }
        return merged
    }
}

/// Character tests the tokenizer needs, by Unicode property.
enum CharacterClass {
    static func isDigit(_ character: Character) -> Bool {
        character.isASCII ? character.isNumber : (character.unicodeScalars.first?.properties.numericType == .decimal)
    }

    static func isLetter(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return (0x41...0x5A).contains(ascii) || (0x61...0x7A).contains(ascii) }
        return character.isLetter && !isIdeograph(character)
    }

    static func isWordJoiner(_ character: Character) -> Bool {
        character == "'" || character == "\u{2019}" || character == "-" || character == "\u{2010}"
    }

    static func isSymbol(_ character: Character) -> Bool {
        // ASCII's currency and math symbols, and the others the tokenizer keeps.
        if character.isASCII { return "$+<=>|~%#@&".contains(character) }
        return character.isCurrencySymbol || character.isMathSymbol || character == "%" || character == "#" || character == "@"
            || character == "&" || isEmoji(character)
    }

    /// A pictograph ("🍌", "👍🏽", "❤️"): a word of its own, never punctuation to trim.
    static func isEmoji(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return scalar.properties.isEmojiPresentation
            || (scalar.properties.isEmoji && scalar.value >= 0x2000 && character.unicodeScalars.count > 1)
            || (0x1F000...0x1FAFF).contains(scalar.value)
    }

    /// The script of a one-character token written without spaces: "K" katakana (with the long-vowel
    /// mark), "H" hiragana, "C" han; nil for anything else.
    static func unspacedScript(_ key: String) -> Character? {
        guard key.count == 1, let scalar = key.unicodeScalars.first else { return nil }
        switch scalar.value {
        case 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return "K"
        case 0x3040...0x309F: return "H"
        case 0x3007, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return "C"
        default: return nil
        }
    }

    /// Han, Hiragana, Katakana and Hangul: scripts written without spaces between words.
    static func isIdeograph(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3007, 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
             0xAC00...0xD7AF, 0x20000...0x2FA1F, 0xFF66...0xFF9F:
            return true
        default:
            return false
        }
    }
}

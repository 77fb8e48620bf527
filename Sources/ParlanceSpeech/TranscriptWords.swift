import Foundation

/// The words of a transcript where names can be, with where each sits: runs of letters (an apostrophe inside
/// one, "I'm", stays in it), and in Japanese text runs of katakana, the script it writes foreign names in. Numbers, han characters and marks are no words
/// here; a name can run over a space or a hyphen between words ("key key", "Gorilla-like"), not over other marks.
struct TranscriptWords {
    struct Word {
        var text: String
        var range: Range<String.Index>
        /// Whether a name can run from the word before into this one.
        var joinsPrevious: Bool
    }

    let words: [Word]

    init(_ text: String) {
        var words: [Word] = []
        var start: String.Index?
        var script = Script.other
        var gapJoins = false
        var index = text.startIndex
        func close(at end: String.Index) {
            guard let begin = start else { return }
            let word = String(text[begin..<end])
            words.append(Word(text: word, range: begin..<end, joinsPrevious: gapJoins && !words.isEmpty))
            start = nil
            gapJoins = true
        }
        while index < text.endIndex {
            let character = text[index]
            let kind = Self.script(of: character)
            if start != nil {
                let apostrophe = (character == "'" || character == "’") && script == .latin
                    && text.index(after: index) < text.endIndex && Self.script(of: text[text.index(after: index)]) == .latin
                if kind == script || apostrophe || (script == .kana && (character == "ー" || character == "ッ")) {
                    index = text.index(after: index)
                    continue
                }
                close(at: index)
            }
            if kind == .latin || kind == .kana {
                start = index
                script = kind
            } else if !(character.isWhitespace || character == "-" || character == "‐") {
                gapJoins = false
            }
            index = text.index(after: index)
        }
        close(at: text.endIndex)
        self.words = words
    }

    private enum Script { case latin, kana, other }

    private static func script(of character: Character) -> Script {
        guard let scalar = character.unicodeScalars.first else { return .other }
        if (0x30A1...0x30FA).contains(scalar.value) { return .kana }
        if character.isLetter && scalar.value < 0x2E80 { return .latin }
        // Full-width Latin letters ("Ｋｉｋｉ").
        if (0xFF21...0xFF3A).contains(scalar.value) || (0xFF41...0xFF5A).contains(scalar.value) { return .latin }
        return .other
    }
}

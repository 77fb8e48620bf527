import Foundation

/// The matching form of text: lower case, accents and character widths folded, typographic
/// apostrophes and dashes made plain. "Zoë" and "ZOE" fold to the same key; "Søren" keeps its "ø"
/// (a letter of its own, not an accented "o").
enum TextFolding {
    static func key(_ text: some StringProtocol) -> String {
        // Plain ASCII only needs lower case; Foundation's folding costs microseconds a word.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        var folded = String(text).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive],
                                          locale: nil)
        if folded.contains(where: { $0 == "\u{2019}" || $0 == "\u{2018}" || $0 == "\u{02BC}" || $0 == "\u{2010}" }) {
            folded = String(folded.map { character -> Character in
                switch character {
                case "\u{2019}", "\u{2018}", "\u{02BC}": return "'"
                case "\u{2010}": return "-"
                default: return character
                }
            })
        }
        return folded
    }

    /// The keys of a phrase's tokens, for matching phrases token by token.
    static func tokenKeys(_ phrase: String) -> [String] {
        Utterance(phrase).tokens.map(\.key)
    }
}

import ParlanceCore

/// One word, number, symbol or ideograph of an utterance, with where it sits in the text.
public struct Token: Sendable, Equatable {
    /// What kind of characters the token is made of.
    public enum Kind: Sendable, Equatable {
        /// Letters (with inner apostrophes or hyphens: "O'Hara", "Jean-Luc").
        case word
        /// Digits, with inner decimal or group separators ("15.50", "1,000").
        case number
        /// One Han, kana or Hangul character; languages without spaces segment these further.
        case ideograph
        /// One currency sign or other symbol ("$", "€", "%", "+").
        case symbol
        /// One punctuation mark.
        case punctuation
    }

    /// The form used for matching: lower case, accents and widths folded, curly apostrophes straightened.
    public var key: String
    /// The characters as the user wrote them (after Unicode normalization).
    public var range: Range<String.Index>
    /// What kind of characters it is made of.
    public var kind: Kind
    /// Whether the original starts with a capital letter (a hint for names in typed text).
    public var isCapitalized: Bool
}

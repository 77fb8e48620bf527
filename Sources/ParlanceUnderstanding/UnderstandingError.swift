import ParlanceCore

/// Why a request could not be understood at all (as opposed to understood as "no intent").
public struct UnderstandingError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        case emptyRequest, requestTooLong, unsupportedLanguage, controlCharacter, store
    }

    public let kind: Kind
    public let message: String

    public var description: String { message }

    static let maximumLength = 2_000

    static let empty = UnderstandingError(kind: .emptyRequest, message: "the request is empty; say or type what you want")

    static func tooLong(_ count: Int) -> UnderstandingError {
        UnderstandingError(kind: .requestTooLong,
                           message: "the request is \(count) characters long; the limit is \(maximumLength) characters")
    }

    static func controlCharacter(_ scalar: Unicode.Scalar) -> UnderstandingError {
        let code = String(scalar.value, radix: 16, uppercase: true)
        return UnderstandingError(kind: .controlCharacter,
                                  message: "the request has a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code)); "
                                      + "type it again without it")
    }

    /// Why a request's text alone would be refused (empty, too long, a control character), checked as
    /// understanding checks it; nil when the text may be understood. Front ends use it to answer a refused
    /// line without a conversation turn (`parlance chat --json`).
    public static func refusal(of text: String) -> UnderstandingError? {
        if text.allSatisfy(\.isWhitespace) { return .empty }
        if text.count > maximumLength { return .tooLong(text.count) }
        return firstControlCharacter(in: text).map { .controlCharacter($0) }
    }

    /// The first control character of a text (tabs and line breaks are spaces, not controls).
    static func firstControlCharacter(in text: String) -> Unicode.Scalar? {
        // The control characters (general category Cc) are U+0000–U+001F and U+007F–U+009F, a set Unicode
        // never changes: compared by value, not looked up in the character database for every character.
        text.unicodeScalars.first { scalar in
            let value = scalar.value
            return (value < 0x20 || (0x7F...0x9F).contains(value)) && value != 0x09 && value != 0x0A && value != 0x0D
        }
    }

    static func unsupported(_ language: String) -> UnderstandingError {
        UnderstandingError(kind: .unsupportedLanguage,
                           message: "language '\(language)' is not supported; supported: \(LanguageCatalog.supported.joined(separator: ", "))")
    }

    static func store(_ error: StoreError) -> UnderstandingError {
        UnderstandingError(kind: .store, message: "\(error)")
    }
}

import Foundation

/// Reads a message's text into a `ReplyMessage` (the syntax is in docs/phrasebooks.md): text, `{name}`,
/// `{name, formatter, option…}`, `{name ?? text}`, `{name, select, a|b {…} other {…}}`,
/// `{name, plural, =0 {…} one {…} other {…}}`, `#` for the number in a plural case, and `\` before a
/// character to take it as it is (`\s` is a space, for a message that starts or ends with one).
struct ReplyMessageParser {
    /// A fault in the message, with the character offset where it was found.
    struct Failure: Error {
        var reason: String
    }

    private let characters: [Character]
    private var index = 0

    /// Parses the whole text.
    static func parse(_ text: String) throws(Failure) -> ReplyMessage {
        var parser = ReplyMessageParser(characters: Array(text))
        let parts = try parser.parts(inPlural: false, nested: false)
        return ReplyMessage(parts: parts)
    }

    private init(characters: [Character]) {
        self.characters = characters
    }

    private var current: Character? { index < characters.count ? characters[index] : nil }

    private func failure(_ reason: String) -> Failure { Failure(reason: "\(reason) at character \(index + 1)") }

    /// Parts up to the end, or up to the `}` that closes a case when `nested` (which is consumed).
    private mutating func parts(inPlural: Bool, nested: Bool) throws(Failure) -> [ReplyMessage.Part] {
        var parts: [ReplyMessage.Part] = []
        var text = ""
        func flush() {
            if !text.isEmpty { parts.append(.text(text)) }
            text = ""
        }
        while let character = current {
            switch character {
            case "\\":
                index += 1
                guard let escaped = current else { throw failure("a “\\” ends the message") }
                text.append(escaped == "s" ? " " : escaped)
                index += 1
            case "{":
                flush()
                index += 1
                parts.append(try placeholder(inPlural: inPlural))
            case "}":
                guard nested else { throw failure("a “}” closes nothing") }
                index += 1
                flush()
                return parts
            case "#" where inPlural:
                flush()
                parts.append(.number)
                index += 1
            default:
                text.append(character)
                index += 1
            }
        }
        if nested { throw failure("a case's “{” is never closed") }
        flush()
        return parts
    }

    private mutating func skipSpaces() {
        while let character = current, character.isWhitespace { index += 1 }
    }

    private mutating func name() throws(Failure) -> String {
        var name = ""
        while let character = current, character.isLetter || character.isNumber || "._-|=@".contains(character) {
            name.append(character)
            index += 1
        }
        guard !name.isEmpty else { throw failure("a name is missing") }
        return name
    }

    private mutating func operand() throws(Failure) -> ReplyMessage.Operand {
        let written = try name()
        if written.hasPrefix("@") { return .message(String(written.dropFirst())) }
        if written.hasPrefix("-") { return .term(written) }
        return .argument(written)
    }

    /// After `{`: up to and including the closing `}`.
    private mutating func placeholder(inPlural: Bool) throws(Failure) -> ReplyMessage.Part {
        skipSpaces()
        let operand = try operand()
        skipSpaces()
        if current == "?", index + 1 < characters.count, characters[index + 1] == "?" {
            index += 2
            var fallback = ""
            while let character = current, character != "}" {
                fallback.append(character)
                index += 1
            }
            guard current == "}" else { throw failure("“{\(operand.written) ??” is never closed") }
            index += 1
            return .fallback(operand, fallback.trimmingCharacters(in: .whitespaces))
        }
        if current == "}" {
            index += 1
            return .placeholder(operand, formatter: nil, options: [])
        }
        guard current == "," else { throw failure("“,” or “}” expected after “{\(operand.written)”") }
        index += 1
        skipSpaces()
        let kind = try name()
        skipSpaces()
        if kind == "select" || kind == "plural" {
            guard current == "," else { throw failure("“,” expected after “\(kind)”") }
            index += 1
            let cases = try cases(inPlural: kind == "plural" || inPlural)
            return kind == "select" ? .select(operand, cases: cases) : .plural(operand, cases: cases)
        }
        var options: [String] = []
        while current == "," {
            index += 1
            skipSpaces()
            options.append(try name())
            skipSpaces()
        }
        guard current == "}" else { throw failure("“}” expected after “{\(operand.written), \(kind)”") }
        index += 1
        return .placeholder(operand, formatter: kind, options: options)
    }

    /// `a|b {…} other {…}}`, up to and including the `}` that closes the select or plural.
    private mutating func cases(inPlural: Bool) throws(Failure) -> [ReplyMessage.Case] {
        var cases: [ReplyMessage.Case] = []
        while true {
            skipSpaces()
            guard let character = current else { throw failure("a select or plural is never closed") }
            if character == "}" {
                index += 1
                guard !cases.isEmpty else { throw failure("a select or plural has no cases") }
                return cases
            }
            let names = try name().split(separator: "|").map(String.init)
            skipSpaces()
            guard current == "{" else { throw failure("“{” expected after the case “\(names.joined(separator: "|"))”") }
            index += 1
            cases.append(ReplyMessage.Case(names: names, parts: try parts(inPlural: inPlural, nested: true)))
        }
    }
}

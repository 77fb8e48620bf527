import Foundation

/// Splits a replies file into its entries: `key = message` lines, comments (`#` first on a line), blank
/// lines, and indented lines that continue the message above (joined with a space).
enum ReplyFileReader {
    /// One `key = message` entry, with the line where it starts.
    struct Entry {
        var key: String
        var text: String
        var line: Int
    }

    static func entries(of text: String, language: String) throws(ReplyFormatError) -> [Entry] {
        var entries: [Entry] = []
        var open = false
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                open = false
                continue
            }
            if line.first?.isWhitespace == true {
                guard open, let last = entries.indices.last else {
                    throw ReplyFormatError(language: language, line: offset + 1, key: nil,
                                           reason: "an indented line continues no message")
                }
                entries[last].text += " " + trimmed
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                throw ReplyFormatError(language: language, line: offset + 1, key: nil, reason: "“key = message” expected")
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) else {
                throw ReplyFormatError(language: language, line: offset + 1, key: nil,
                                       reason: "“\(key)” is no key (letters, digits, “.”, “_” and “-”)")
            }
            let message = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            entries.append(Entry(key: key, text: message, line: offset + 1))
            open = true
        }
        return entries
    }
}

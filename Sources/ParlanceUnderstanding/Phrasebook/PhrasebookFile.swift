/// One phrasebook file read into sections: the first, line-level step of reading a language's data.
///
/// A file is a list of sections. `@kind name` starts a section; each following line is one entry.
/// Blank lines are skipped, a line whose first non-blank character is `#` is a comment, and a
/// backslash before a leading `@` or `#` makes it part of the entry. Spaces around an entry are not
/// part of it. `docs/phrasebooks.md` describes every kind of section.
struct PhrasebookFile: Sendable {
    /// A `@kind name` header and the entries under it.
    struct Section: Sendable {
        var kind: String
        var name: String?
        var location: PhrasebookLocation
        var entries: [Entry]
    }

    /// One line of a section, without the spaces around it.
    struct Entry: Sendable {
        var text: String
        var location: PhrasebookLocation
    }

    var sections: [Section] = []
    var issues: [PhrasebookIssue] = []

    init(text: String, file: String) {
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let leading = line.prefix(while: { $0 == " " || $0 == "\t" }).count
            var content = String(line.dropFirst(leading))
            while let last = content.last, last == " " || last == "\t" { content.removeLast() }
            let location = PhrasebookLocation(file: file, line: index + 1, column: leading + 1)
            guard !content.isEmpty, !content.hasPrefix("#") else { continue }
            if content.hasPrefix("@") {
                startSection(content.dropFirst(), at: location)
                continue
            }
            var entry = Entry(text: content, location: location)
            if content.hasPrefix("\\@") || content.hasPrefix("\\#") {
                entry.text.removeFirst()
                entry.location.column += 1
            }
            guard !sections.isEmpty else {
                issues.append(PhrasebookIssue(location, "an entry before any section: start one with a line like \"@intent INSendMessageIntent\""))
                continue
            }
            sections[sections.count - 1].entries.append(entry)
        }
        for section in sections where section.entries.isEmpty {
            issues.append(PhrasebookIssue(section.location, "section @\(section.kind) has no entries"))
        }
    }

    private mutating func startSection(_ header: Substring, at location: PhrasebookLocation) {
        let words = header.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let kind = words.first else {
            issues.append(PhrasebookIssue(location, "a section header needs a kind after '@'", offset: 1))
            return
        }
        if words.count > 2 {
            let extra = header.distance(from: header.startIndex, to: header.range(of: words[2])?.lowerBound ?? header.endIndex)
            issues.append(PhrasebookIssue(location, "a section header is '@kind' or '@kind name'; '\(words[2])' is one word too many",
                                          offset: 1 + extra))
        }
        sections.append(Section(kind: kind, name: words.count > 1 ? words[1] : nil, location: location, entries: []))
    }
}

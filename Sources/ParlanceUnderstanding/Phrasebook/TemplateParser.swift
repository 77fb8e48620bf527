/// Reads phrasing templates strictly: every unbalanced bracket, empty alternative, unknown rule or
/// unknown filler is reported with its line and column, and a template with a mistake is not used.
struct TemplateParser {
    /// The `@rule` sections: name → its templates.
    private let rules: [String: [PhrasebookFile.Entry]]
    /// Whether a `{name}` has values to be filled with.
    private let isKnownSlot: @Sendable (String) -> Bool
    private var resolvedRules: [String: [[TemplateNode]]] = [:]
    private var failedRules: Set<String> = []
    private var resolving: [String] = []
    private(set) var issues: [PhrasebookIssue] = []

    init(rules: [String: [PhrasebookFile.Entry]], isKnownSlot: @escaping @Sendable (String) -> Bool) {
        self.rules = rules
        self.isKnownSlot = isKnownSlot
    }

    /// Parses every rule once, so that a mistake in a rule is reported at the rule, not at each use.
    mutating func parseRules() {
        for name in rules.keys.sorted() { _ = rule(name) }
    }

    /// The parsed template, or nil when it has a mistake (recorded in `issues`).
    mutating func parse(_ entry: PhrasebookFile.Entry) -> Template? {
        guard let nodes = nodes(of: entry) else { return nil }
        return Template(source: entry.text, nodes: nodes)
    }

    private mutating func rule(_ name: String) -> [[TemplateNode]]? {
        if let done = resolvedRules[name] { return done }
        if failedRules.contains(name) { return nil }
        guard let entries = rules[name] else { return nil }
        resolving.append(name)
        defer { resolving.removeLast() }
        var alternatives: [[TemplateNode]] = []
        for entry in entries {
            guard let nodes = nodes(of: entry) else {
                failedRules.insert(name)
                return nil
            }
            alternatives.append(nodes)
        }
        resolvedRules[name] = alternatives
        return alternatives
    }

    private mutating func nodes(of entry: PhrasebookFile.Entry) -> [TemplateNode]? {
        let characters = Array(entry.text)
        var reader = Reader(characters: characters)
        do {
            let nodes = try parseSequence(&reader, closing: nil, opener: 0)
            guard !nodes.isEmpty else { throw Mistake(offset: 0, message: "an empty template") }
            return nodes
        } catch let mistake as Mistake {
            if !mistake.reportedElsewhere {
                issues.append(PhrasebookIssue(entry.location, mistake.message, offset: mistake.offset))
            }
            return nil
        } catch {
            return nil
        }
    }

    private struct Reader {
        let characters: [Character]
        var index = 0
    }

    private struct Mistake: Error {
        var offset: Int
        var message: String
        /// A mistake inside a rule, already reported where the rule is written.
        var reportedElsewhere = false
    }

    private mutating func parseSequence(_ reader: inout Reader, closing: Character?, opener: Int) throws -> [TemplateNode] {
        var alternatives: [[TemplateNode]] = [[]]
        var text = ""
        func flush() {
            if !text.isEmpty {
                alternatives[alternatives.count - 1].append(.text(text))
                text = ""
            }
        }
        func checkAlternative(at offset: Int) throws {
            let words = alternatives[alternatives.count - 1].contains { node in
                if case .text(let text) = node { return !text.allSatisfy(\.isWhitespace) }
                return true
            }
            if !words {
                let what = closing == "]" ? "[…]" : "(…)"
                throw Mistake(offset: offset, message: "an empty alternative in \(what)"
                              + (closing == ")" ? "; write [a|b] for an optional part" : ""))
            }
        }
        let characters = reader.characters
        while reader.index < characters.count {
            let offset = reader.index
            let character = characters[offset]
            if let closing, character == closing {
                flush()
                try checkAlternative(at: offset)
                reader.index += 1
                switch closing {
                case ")": return [.choice(alternatives)]
                default: return [.optional(alternatives.count == 1 ? alternatives[0] : [.choice(alternatives)])]
                }
            }
            switch character {
            case "\\":
                guard offset + 1 < characters.count else {
                    throw Mistake(offset: offset, message: "a backslash at the end of a template escapes nothing")
                }
                text.append(characters[offset + 1])
                reader.index += 2
                continue
            case "(", "[":
                flush()
                reader.index += 1
                let inner = try parseSequence(&reader, closing: character == "(" ? ")" : "]", opener: offset)
                alternatives[alternatives.count - 1].append(contentsOf: inner)
                continue
            case ")", "]", "}", ">":
                let expected = closing.map { ", expected '\($0)'" } ?? ""
                throw Mistake(offset: offset, message: "'\(character)' closes nothing\(expected)")
            case "|":
                guard closing != nil else {
                    throw Mistake(offset: offset, message: "'|' outside (…) or […]: put the alternatives in brackets")
                }
                flush()
                try checkAlternative(at: offset)
                alternatives.append([])
            case "{":
                flush()
                alternatives[alternatives.count - 1].append(try parseSlot(&reader))
                continue
            case "<":
                flush()
                alternatives[alternatives.count - 1].append(contentsOf: try parseRuleReference(&reader))
                continue
            default:
                text.append(character)
            }
            reader.index += 1
        }
        if let closing {
            let opening = closing == ")" ? "(" : "["
            throw Mistake(offset: opener, message: "'\(opening)' is never closed with '\(closing)'")
        }
        flush()
        return alternatives[0]
    }

    private func parseSlot(_ reader: inout Reader) throws -> TemplateNode {
        let start = reader.index
        let characters = reader.characters
        guard let end = characters[start...].firstIndex(of: "}") else {
            throw Mistake(offset: start, message: "'{' is never closed with '}'")
        }
        reader.index = end + 1
        let body = String(characters[(start + 1)..<end])
        let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let name = parts[0]
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw Mistake(offset: start + 1, message: "'{\(body)}' is not a slot: write {property}, {_kind} or {property=a|b}")
        }
        if name == "app" {
            guard parts.count == 1 else { throw Mistake(offset: start + 1, message: "{app} takes no values") }
            return .text("{app}")
        }
        guard parts.count > 1 else {
            guard isKnownSlot(name) else {
                throw Mistake(offset: start + 1, message: "no @list fills {\(name)}: add '@list \(name)' or map it under @fillers")
            }
            return .slot(name: name, options: nil)
        }
        let options = parts[1].split(separator: "|", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if let empty = options.firstIndex(where: \.isEmpty) {
            let before = options[..<empty].reduce(0) { $0 + $1.count + 1 }
            throw Mistake(offset: start + name.count + 2 + before, message: "an empty value in {\(body)}")
        }
        return .slot(name: name, options: options)
    }

    private mutating func parseRuleReference(_ reader: inout Reader) throws -> [TemplateNode] {
        let start = reader.index
        let characters = reader.characters
        guard let end = characters[start...].firstIndex(of: ">") else {
            throw Mistake(offset: start, message: "'<' is never closed with '>'")
        }
        reader.index = end + 1
        let name = String(characters[(start + 1)..<end])
        guard rules[name] != nil else {
            throw Mistake(offset: start + 1, message: "no @rule \(name)")
        }
        guard !resolving.contains(name) else {
            throw Mistake(offset: start + 1, message: "rule <\(name)> refers to itself: " + (resolving + [name]).joined(separator: " → "))
        }
        guard let alternatives = rule(name) else {
            throw Mistake(offset: start + 1, message: "", reportedElsewhere: true)
        }
        return alternatives.count == 1 ? alternatives[0] : [.choice(alternatives)]
    }
}

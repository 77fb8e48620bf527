/// A grammar of what can be said, written as JSGF for the recogniser: sentences built from words,
/// alternatives, optional parts and named lists of phrases (names, places, message texts…). Speech
/// outside it is heard as the nearest sentence in it, so it should hold the requests the assistant
/// declines too.
public struct SpeechGrammar: Sendable, Equatable {
    /// A part of a sentence.
    public indirect enum Node: Sendable, Equatable {
        /// Words in order.
        case words([String])
        /// One of the alternatives.
        case choice([[Node]])
        /// Present or not.
        case optional([Node])
        /// One phrase of a named list.
        case list(String)
    }

    /// The sentences.
    public var sentences: [[Node]]
    /// The named lists: each phrase as its words.
    public var lists: [String: [[String]]]
    /// What may come before any sentence ("ask MonkeyChat to"), written once rather than in every
    /// sentence: a recogniser copies a part wherever it is used.
    public var openings: [[Node]]
    /// What may come after any sentence ("on MonkeyChat").
    public var closings: [[Node]]

    public init(sentences: [[Node]] = [], lists: [String: [[String]]] = [:], openings: [[Node]] = [], closings: [[Node]] = []) {
        self.sentences = sentences
        self.lists = lists
        self.openings = openings
        self.closings = closings
    }

    /// Every word the grammar can produce.
    public var words: Set<String> {
        var result = Set<String>()
        func collect(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .words(let words): result.formUnion(words)
                case .choice(let alternatives): alternatives.forEach(collect)
                case .optional(let inner): collect(inner)
                case .list: break
                }
            }
        }
        (sentences + openings + closings).forEach(collect)
        for phrases in lists.values { for phrase in phrases { result.formUnion(phrase) } }
        return result
    }

    /// The grammar without the words `keep` refuses (words nobody can pronounce): alternatives and list
    /// phrases with such a word are dropped, and sentences left with nothing to say.
    public func keeping(_ keep: (String) -> Bool) -> SpeechGrammar {
        func filter(_ nodes: [Node]) -> [Node]? {
            var result: [Node] = []
            for node in nodes {
                switch node {
                case .words(let words):
                    guard words.allSatisfy(keep) else { return nil }
                    result.append(node)
                case .choice(let alternatives):
                    let kept = alternatives.compactMap(filter)
                    guard !kept.isEmpty else { return nil }
                    result.append(.choice(kept))
                case .optional(let inner):
                    if let kept = filter(inner) { result.append(.optional(kept)) }
                case .list:
                    result.append(node)
                }
            }
            return result
        }
        var lists = self.lists.mapValues { $0.filter { $0.allSatisfy(keep) && !$0.isEmpty } }
        lists = lists.filter { !$0.value.isEmpty }
        // A sentence naming an empty list can never be said.
        func sayable(_ nodes: [Node]) -> Bool { !Self.lists(in: nodes).contains { lists[$0] == nil } }
        return SpeechGrammar(sentences: self.sentences.compactMap(filter).filter(sayable), lists: lists,
                             openings: openings.compactMap(filter).filter(sayable),
                             closings: closings.compactMap(filter).filter(sayable))
    }

    private static func lists(in nodes: [Node]) -> Set<String> {
        var names = Set<String>()
        for node in nodes {
            switch node {
            case .list(let name): names.insert(name)
            case .choice(let alternatives):
                for alternative in alternatives { names.formUnion(lists(in: alternative)) }
            case .optional: break  // an optional part may be left out
            case .words: break
            }
        }
        return names
    }

    /// The grammar in JSGF (what pocketsphinx reads).
    public var jsgf: String {
        var lines = ["#JSGF V1.0;", "", "grammar parlance;", ""]
        let names = lists.keys.sorted()
        var ruleNames: [String: String] = [:]
        for (index, name) in names.enumerated() { ruleNames[name] = "list\(index)" }
        func write(_ nodes: [Node]) -> String {
            nodes.map { node -> String in
                switch node {
                case .words(let words): return words.joined(separator: " ")
                case .choice(let alternatives):
                    // JSGF has no empty alternative: a choice that may say nothing is optional.
                    let written = alternatives.map(write)
                    let said = Array(Set(written.filter { !$0.isEmpty })).sorted()
                    guard !said.isEmpty else { return "" }
                    let choice = "( " + said.joined(separator: " | ") + " )"
                    return said.count < written.count ? "[ " + choice + " ]" : choice
                case .optional(let inner):
                    let written = write(inner)
                    return written.isEmpty ? "" : "[ " + written + " ]"
                case .list(let name): return "<\(ruleNames[name] ?? "missing")>"
                }
            }.filter { !$0.isEmpty }.joined(separator: " ")
        }
        let alternatives = sentences.map(write).filter { !$0.isEmpty }
        let openings = Array(Set(self.openings.map(write).filter { !$0.isEmpty })).sorted()
        let closings = Array(Set(self.closings.map(write).filter { !$0.isEmpty })).sorted()
        lines.append("public <request> = " + (openings.isEmpty ? "" : "[ <opening> ] ") + "<sentence>"
                     + (closings.isEmpty ? "" : " [ <closing> ]") + " ;")
        lines.append("<sentence> = " + alternatives.map { "( \($0) )" }.joined(separator: "\n    | ") + " ;")
        if !openings.isEmpty { lines.append("<opening> = " + openings.joined(separator: " | ") + " ;") }
        if !closings.isEmpty { lines.append("<closing> = " + closings.joined(separator: " | ") + " ;") }
        lines.append("")
        for name in names {
            let phrases = (lists[name] ?? []).map { $0.joined(separator: " ") }
            lines.append("<\(ruleNames[name] ?? name)> = " + phrases.joined(separator: " | ") + " ;")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

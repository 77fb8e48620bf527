import Foundation

/// A language's phrasing as a grammar, for a speech recogniser to listen for what can be asked: every
/// template of every intent and of the out-of-scope requests (so those are heard as themselves and
/// declined), the ways of naming an app around a request, and the filler values of each slot kind.
public struct PhrasingGrammar: Sendable {
    /// A part of a phrase.
    public indirect enum Node: Sendable, Equatable {
        /// Words as written.
        case words(String)
        /// One of the alternatives.
        case choice([[Node]])
        /// Present or not.
        case optional([Node])
        /// A value of a slot kind (`app` is the app's name).
        case slot(String)
    }

    /// How each request can be said: the phrase and the intent (nil for out-of-scope requests).
    public var phrases: [(intent: String?, nodes: [Node])]
    /// Ways to name the app before a request ("ask {app} to").
    public var appPrefixes: [[Node]]
    /// Ways to name the app after a request ("on {app}").
    public var appSuffixes: [[Node]]
    /// Example values of each slot kind.
    public var slotValues: [String: [String]]
    /// The slot kind of each intent property that has one other than its own name ("recipients" → "person").
    public var propertyKinds: [String: String] = [:]
    /// Polite openings that may come before a request, and before the app's name ("could you").
    public var politePrefixes: [[Node]] = []

    /// What may come before a request: a way to name the app, a polite opening, or both ("could you launch
    /// the {app} app to…").
    public var openings: [[Node]] {
        appPrefixes + politePrefixes + politePrefixes.flatMap { polite in appPrefixes.map { polite + $0 } }
    }

    /// The slot kind an intent property's values are listed under.
    public func kind(ofProperty property: String) -> String { propertyKinds[property] ?? property }
}

extension Phrasebooks {
    /// The bundled phrasing of a language as a grammar.
    public static func grammar(language: String) throws(PhrasebookSampleError) -> PhrasingGrammar {
        guard let pack = LanguageCatalog.pack(for: language) else {
            throw .unknownLanguage(language, supported: LanguageCatalog.supported)
        }
        let phrasing = pack.phrasing
        func kind(_ name: String) -> String { name == "app" ? "app" : phrasing.fillerKinds[name] ?? name }
        func convert(_ nodes: [TemplateNode]) -> [PhrasingGrammar.Node] {
            nodes.map { node in
                switch node {
                case .text(let text):
                    return text.contains("{app}") ? .choice([Self.splitApp(text)]) : .words(text)
                case .choice(let alternatives): return .choice(alternatives.map(convert))
                case .optional(let inner): return .optional(convert(inner))
                case .slot(let name, let options):
                    if let options { return .choice(options.map { [.words($0)] }) }
                    return .slot(kind(name))
                }
            }
        }
        var phrases: [(intent: String?, nodes: [PhrasingGrammar.Node])] = []
        let modifiers = Set(phrasing.appModifiers.map { $0.lowercased() })
        for (intent, templates) in phrasing.templates.sorted(by: { $0.key < $1.key }) {
            phrases += templates.map { (intent, namingApp(after: modifiers, in: convert($0.nodes))) }
        }
        phrases += phrasing.outOfScope.map { (nil, convert($0.nodes)) }
        var values: [String: [String]] = [:]
        for (name, list) in phrasing.fillers { values[name] = list }
        return PhrasingGrammar(phrases: phrases, appPrefixes: (phrasing.appPrefixes + phrasing.spokenAppPrefixes).map(Self.splitApp),
                               appSuffixes: phrasing.appSuffixes.map(Self.splitApp), slotValues: values,
                               propertyKinds: phrasing.fillerKinds, politePrefixes: phrasing.politePrefixes.map { [.words($0)] })
    }

    /// The phrase with the app's name allowed after each of the `modifiers` ("a", "my") that a word or a choice
    /// of words follows: before it ("send a MonkeyChat message"), or standing for it ("get me a MonkeyRide to
    /// the airport"). Not before a value ("start a {workoutName}" names the workout) or an optional part (tried:
    /// "[my] [new] messages" too made the automaton half as large again for no request heard better).
    static func namingApp(after modifiers: Set<String>, in nodes: [PhrasingGrammar.Node]) -> [PhrasingGrammar.Node] {
        guard !modifiers.isEmpty else { return nodes }
        // Words one by one, so that a modifier inside a part is followed by a node of its own.
        var parts: [PhrasingGrammar.Node] = []
        for node in nodes {
            switch node {
            case .words(let text):
                parts += text.split(separator: " ").map { .words(String($0)) }
            case .choice(let alternatives):
                parts.append(.choice(alternatives.map { namingApp(after: modifiers, in: $0) }))
            case .optional(let inner):
                parts.append(.optional(namingApp(after: modifiers, in: inner)))
            case .slot:
                parts.append(node)
            }
        }
        var result: [PhrasingGrammar.Node] = []
        var index = 0
        while index < parts.count {
            let part = parts[index]
            result.append(part)
            index += 1
            guard case .words(let word) = part, modifiers.contains(word.lowercased()), index < parts.count else { continue }
            switch parts[index] {
            case .words, .choice:
                result.append(.choice([[.slot("app"), .optional([parts[index]])], [parts[index]]]))
                index += 1
            case .optional, .slot:
                continue
            }
        }
        // Neighbouring words as one part again.
        var merged: [PhrasingGrammar.Node] = []
        for node in result {
            if case .words(let next) = node, case .words(let previous)? = merged.last {
                merged[merged.count - 1] = .words(previous + " " + next)
            } else {
                merged.append(node)
            }
        }
        return merged
    }

    /// "ask {app} to" as words around the app's slot.
    static func splitApp(_ text: String) -> [PhrasingGrammar.Node] {
        var nodes: [PhrasingGrammar.Node] = []
        let parts = text.components(separatedBy: "{app}")
        for (index, part) in parts.enumerated() {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { nodes.append(.words(trimmed)) }
            if index < parts.count - 1 { nodes.append(.slot("app")) }
        }
        return nodes
    }
}

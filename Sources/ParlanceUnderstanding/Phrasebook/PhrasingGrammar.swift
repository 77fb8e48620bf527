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
        for (intent, templates) in phrasing.templates.sorted(by: { $0.key < $1.key }) {
            phrases += templates.map { (intent, convert($0.nodes)) }
        }
        phrases += phrasing.outOfScope.map { (nil, convert($0.nodes)) }
        var values: [String: [String]] = [:]
        for (name, list) in phrasing.fillers { values[name] = list }
        return PhrasingGrammar(phrases: phrases, appPrefixes: phrasing.appPrefixes.map(Self.splitApp),
                               appSuffixes: phrasing.appSuffixes.map(Self.splitApp), slotValues: values,
                               propertyKinds: phrasing.fillerKinds)
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

import Foundation
import ParlanceCore
import ParlanceSpeech
import ParlanceStore
import ParlanceUnderstanding

/// What the offline recogniser should expect, gathered from the assistant: sentences from the language's
/// phrasing templates (the out-of-scope ones too, so other requests are heard as themselves and declined)
/// with the installed apps' names, the apps' example requests, and names — the user's vocabulary, the
/// apps' vocabulary terms with their sounds-like hints, the apps' names and alternative names.
enum RecognitionInputs {
    /// How many template sentences the model learns from.
    static let sampledSentences = 20_000

    static func gather(store: AssistantStore, language: String) throws -> (sentences: [String], names: [SpokenName]) {
        let apps = try store.apps()
        var names: [SpokenName] = []
        var appNames: [String] = []
        for app in apps {
            names.append(SpokenName(app.bundle.displayName))
            appNames.append(app.bundle.displayName)
            for alternative in app.bundle.alternativeNames {
                names.append(SpokenName(alternative.name, soundsLike: alternative.pronunciationHint))
                appNames.append(alternative.name)
            }
            for parameter in app.bundle.vocabulary(language: language)?.parameterVocabularies ?? [] {
                for item in parameter.items {
                    for synonym in item.synonyms { names.append(SpokenName(synonym.phrase, soundsLike: synonym.pronunciation)) }
                }
            }
        }
        names += try store.vocabulary().map { SpokenName($0.phrase) }
        let sampled = try Phrasebooks.sample(language: language, count: sampledSentences, seed: 11, appNames: appNames)
        var sentences = sampled.map(\.text)
        // Each name once in a sentence that would carry it, so the model has heard it in context.
        let personProperties: Set<String> = Set(parameters: [.recipients, .payee, .payer, .contacts, .senders])
        let carriers = sampled.filter { sentence in sentence.parameters.contains { personProperties.contains($0.property) } }
        for (index, name) in names.enumerated() where !carriers.isEmpty {
            let carrier = carriers[index % carriers.count]
            guard let person = carrier.parameters.first(where: { personProperties.contains($0.property) }) else { continue }
            sentences.append(carrier.text.replacingOccurrences(of: person.value, with: name.text))
        }
        for app in apps {
            sentences += app.bundle.examples(language: language).flatMap(\.examples)
        }
        return (sentences, names)
    }

    /// How many of a phrasebook list's values the grammar keeps.
    static let listLength = 12

    /// Slot kinds whose values are people: the user's and the apps' names join them.
    static let personKinds: Set<String> = ["person", "_person"]

    /// The language's phrasing as a grammar: every template (out-of-scope ones too) with the ways of naming
    /// an app around it, the installed apps' names in `{app}`, the user's and the apps' vocabulary in the slots
    /// their terms fill, any number in lists of amounts, and the apps' example requests as they are.
    static func grammar(store: AssistantStore, language: String) throws -> (grammar: SpeechGrammar, forms: WrittenForms) {
        let phrasing = try Phrasebooks.grammar(language: language)
        let apps = try store.apps()
        var forms = WrittenForms()
        forms.learn(apps.map(\.bundle.displayName) + apps.flatMap { $0.bundle.alternativeNames.map(\.name) })
        forms.learn(try store.vocabulary().map(\.phrase))
        for app in apps {
            for parameter in app.bundle.vocabulary(language: language)?.parameterVocabularies ?? [] {
                for item in parameter.items { forms.learn(item.synonyms.map(\.phrase)) }
            }
        }
        // Only names: capitals on a message's words would change the message.
        for kind in personKinds.union(["place", "_place"]) { forms.learn(phrasing.slotValues[kind] ?? []) }
        var lists: [String: [[String]]] = [:]
        for (kind, values) in phrasing.slotValues {
            let phrases = values.map(SpokenWords.words)
            // Amounts, durations, party sizes: any number where the examples have one, not a dozen of them.
            lists[kind] = NumberPhrases.generalized(phrases) ?? Array(phrases.prefix(listLength))
        }
        var appNames: [[String]] = []
        // Names the user and the apps gave, by the slot kind they fill (people, workouts, albums…), before
        // the phrasebook's examples of the kind.
        var named: [String: [[String]]] = [:]
        func name(_ phrase: String, properties: some Sequence<String>) {
            let kinds = Set(properties.map { phrasing.kind(ofProperty: $0) })
            for kind in kinds.isEmpty ? ["person"] : kinds { named[kind, default: []].append(SpokenWords.words(phrase)) }
        }
        for app in apps {
            appNames.append(SpokenWords.words(app.bundle.displayName))
            appNames += app.bundle.alternativeNames.map { SpokenWords.words($0.name) }
            for parameter in app.bundle.vocabulary(language: language)?.parameterVocabularies ?? [] {
                let properties = parameter.parameterNames.compactMap { $0.split(separator: ".").last.map(String.init) }
                for item in parameter.items {
                    for synonym in item.synonyms { name(synonym.phrase, properties: properties) }
                }
            }
        }
        for entry in try store.vocabulary() {
            name(entry.phrase, properties: UserVocabularyTargets.properties(for: entry.type))
        }
        lists["app"] = appNames
        for (kind, phrases) in named where !personKinds.contains(kind) { lists[kind] = phrases + (lists[kind] ?? []) }
        let people = personKinds.sorted().flatMap { named[$0] ?? [] }
        for kind in personKinds { lists[kind] = people + (lists[kind] ?? []) }
        lists = lists.mapValues { values in
            var seen = Set<[String]>()
            return values.filter { !$0.isEmpty && seen.insert($0).inserted }
        }

        func convert(_ nodes: [PhrasingGrammar.Node]) -> [SpeechGrammar.Node] {
            nodes.compactMap { node in
                switch node {
                case .words(let text):
                    let words = SpokenWords.words(text)
                    return words.isEmpty ? nil : .words(words)
                case .choice(let alternatives): return .choice(alternatives.map(convert))
                case .optional(let inner): return .optional(convert(inner))
                case .slot(let kind): return .list(kind)
                }
            }
        }
        var sentences: [[SpeechGrammar.Node]] = phrasing.phrases.map { convert($0.nodes) }
        // Answers to the conversation's questions ("Who to?" "Bobo"; "How much?" "fifteen dollars"; "Which
        // app?" "MonkeyChat"): any value of a kind, alone.
        sentences += lists.keys.sorted().map { [.list($0)] }
        for app in apps {
            for example in app.bundle.examples(language: language).flatMap(\.examples) {
                let words = SpokenWords.words(example)
                if !words.isEmpty { sentences.append([.words(words)]) }
            }
        }
        let grammar = SpeechGrammar(sentences: sentences, lists: lists, openings: phrasing.openings.map(convert),
                                    closings: phrasing.appSuffixes.map(convert))
        return (grammar, forms)
    }
}

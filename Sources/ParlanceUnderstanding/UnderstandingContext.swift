import ParlanceCore

/// What understanding needs to know about the installed apps in one language, built once per
/// vocabulary generation: their names, their vocabulary matchers and the trained model.
final class UnderstandingContext: Sendable {
    let apps: [String: AppBundle]
    let appOrder: [String]
    let spotter: AppNameSpotter
    /// Every app's vocabulary phrases and the shared ones, in one index.
    let vocabulary: GazetteerMatcher
    private let appPositions: [String: Int]
    let model: LanguageModel
    /// The installed apps' example phrases (`IntentExamples`), as folded words → the training classes they are examples of.
    let examples: [String: Set<String>]

    init(apps: [AppBundle], gazetteers: [String: AppGazetteer], language: LanguagePack, modelCache: ModelCache? = nil) {
        let examples = apps.flatMap { $0.examples(language: language.code) }
        model = LanguageModel.trained(for: language, appExamples: examples, cache: modelCache)
        var index: [String: Set<String>] = [:]
        for phrase in examples {
            for example in phrase.examples {
                index[Self.exampleKey(Utterance(example)), default: []].insert(LanguageModel.trainingClass(phrase.intentName))
            }
        }
        self.examples = index
        self.apps = Dictionary(apps.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        appOrder = apps.map(\.identifier)
        spotter = AppNameSpotter(apps: apps.map { (identifier: $0.identifier, names: Self.names(of: $0)) },
                                 commonWords: model.commonWords, cues: language.appCues)
        // "my sister", "meine Mutter", "我妈妈": relations are people for every app, after the app's and the user's words.
        let relations = Self.relationEntries(language) + Self.workoutKindEntries(language)
        var keysOfSpelling: [String: [String]] = [:]
        vocabulary = GazetteerMatcher(entriesByOwner: apps.map { gazetteers[$0.identifier]?.entries ?? [] }, shared: relations,
                                      keysOfSpelling: &keysOfSpelling)
        appPositions = Dictionary(apps.enumerated().map { ($1.identifier, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// One app's vocabulary (with the relations and workout kinds every app shares); nil for an app not installed.
    func vocabulary(of app: String) -> GazetteerMatcher? {
        appPositions[app].map(vocabulary.restricted)
    }

    /// The vocabulary of the app a request names, else of every app.
    func vocabulary(for app: String?) -> GazetteerMatcher {
        app.flatMap(vocabulary(of:)) ?? vocabulary
    }

    /// The language's relation words as contact names, ranked after every name the user gave.
    private static func relationEntries(_ language: LanguagePack) -> [GazetteerEntry] {
        let parameters = UserVocabularyTargets.parameters(for: .contactName)
        return language.relations.map { relation in
            GazetteerEntry(phrase: relation, spellings: [relation], identifier: nil, parameters: parameters,
                           rank: Int(Int32.max), source: .user(.contactName))
        }
    }

    /// The language's common kinds of workout as workout names, ranked after every app's own.
    static func workoutKindEntries(_ language: LanguagePack) -> [GazetteerEntry] {
        language.workoutKinds.map { kind in
            GazetteerEntry(phrase: kind, spellings: [kind], identifier: nil, parameters: LanguageModel.workoutNameParameters,
                           rank: Int(Int32.max), source: .app)
        }
    }

    /// Every name an app goes by.
    static func names(of app: AppBundle) -> [String] {
        var names = [app.displayName]
        if let spoken = app.spokenName { names.append(spoken) }
        names += app.localizedDisplayNames.keys.sorted().compactMap { app.localizedDisplayNames[$0] }
        for alternative in app.alternativeNames {
            names.append(alternative.name)
            if let hint = alternative.pronunciationHint { names.append(hint) }
        }
        return names
    }

    /// A request's words as the example index keys them: folded, without punctuation.
    static func exampleKey(_ utterance: Utterance) -> String {
        utterance.tokens.filter { $0.kind != .punctuation }.map(\.key).joined(separator: " ")
    }

    /// The training classes an app supports.
    func classes(of app: String) -> Set<String> {
        Set((apps[app]?.supportedIntents ?? []).map(LanguageModel.trainingClass))
    }
}

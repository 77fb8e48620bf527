import ParlanceStore

/// The names recognition should know, most useful first: the installed apps' names and alternative names,
/// then the user's vocabulary (contacts…), then the apps' vocabulary terms.
enum SpeechNames {
    static func current(store: AssistantStore, language: String) -> [String] {
        let apps = (try? store.apps()) ?? []
        var names = apps.flatMap { [$0.bundle.displayName] + $0.bundle.alternativeNames.map(\.name) }
        names += ((try? store.vocabulary()) ?? []).map(\.phrase)
        for app in apps {
            for parameter in app.bundle.vocabulary(language: language)?.parameterVocabularies ?? [] {
                names += parameter.items.flatMap { $0.synonyms.map(\.phrase) }
            }
        }
        return names
    }
}

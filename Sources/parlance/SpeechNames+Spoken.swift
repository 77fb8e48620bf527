import ParlanceSpeech
import ParlanceStore

extension SpeechNames {
    /// The names a transcript is read again against (`SpokenRequestRecognizer.vocabulary`), with how each
    /// sounds where the app said so: the installed apps' names and alternative names, the user's vocabulary
    /// (contacts…), and the apps' vocabulary terms in `language`.
    static func spoken(store: AssistantStore, language: String) -> [SpokenName] {
        let apps = (try? store.apps()) ?? []
        var names: [SpokenName] = []
        for app in apps {
            names.append(SpokenName(app.bundle.displayName))
            names += app.bundle.alternativeNames.map { SpokenName($0.name, soundsLike: $0.pronunciationHint) }
        }
        names += ((try? store.vocabulary()) ?? []).map { SpokenName($0.phrase) }
        for app in apps {
            for parameter in app.bundle.vocabulary(language: language)?.parameterVocabularies ?? [] {
                names += parameter.items.flatMap { $0.synonyms.map { SpokenName($0.phrase, soundsLike: $0.pronunciation) } }
            }
        }
        return names
    }
}

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
        let personProperties: Set<String> = ["recipients", "payee", "payer", "contacts", "senders"]
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
}

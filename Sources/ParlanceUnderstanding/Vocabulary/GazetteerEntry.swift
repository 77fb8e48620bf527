import Intents
import ParlanceCore

/// One phrase understanding should recognise whole for an app, and what it fills.
public struct GazetteerEntry: Sendable, Equatable {
    /// Where the phrase comes from.
    public enum Source: Sendable, Equatable {
        /// The app's `AppIntentVocabulary.plist`.
        case app
        /// The user's vocabulary of this type, given with `INVocabulary`.
        case user(INVocabularyStringType)
    }

    /// The phrase as the app spells it ("Bananarific", "Bobo the Great").
    public var phrase: String
    /// Every way to match it: the phrase, then the pronunciation hint ("ba nana ri fic"), if any.
    public var spellings: [String]
    /// The identifier the extension receives (`VocabularyItemIdentifier`); nil for user vocabulary.
    public var identifier: String?
    /// The intent properties it can fill, as "IntentClass.property".
    public var parameters: [String]
    /// Priority within its source and type: 0 is the most important.
    public var rank: Int
    /// Where it comes from.
    public var source: Source
}

/// The phrases of one app, for understanding requests to that app only.
public struct AppGazetteer: Sendable, Equatable {
    /// The app.
    public var appIdentifier: String
    /// App vocabulary first (in file order), then user vocabulary by type and rank.
    public var entries: [GazetteerEntry]

    /// The entries that can fill one intent property ("INSendMessageIntent.recipients").
    public func entries(for parameter: String) -> [GazetteerEntry] {
        entries.filter { $0.parameters.contains(parameter) }
    }

    /// The terms of an app's vocabulary file (`ParameterVocabularies`), in file order.
    public static func entries(of vocabulary: AppIntentVocabulary) -> [GazetteerEntry] {
        var entries: [GazetteerEntry] = []
        for group in vocabulary.parameterVocabularies {
            for (rank, item) in group.items.enumerated() {
                for synonym in item.synonyms {
                    let spellings = [synonym.phrase] + [synonym.pronunciation].compactMap { $0 }
                    entries.append(GazetteerEntry(phrase: synonym.phrase, spellings: spellings, identifier: item.identifier,
                                                  parameters: group.parameterNames, rank: rank, source: .app))
                }
            }
        }
        return entries
    }
}

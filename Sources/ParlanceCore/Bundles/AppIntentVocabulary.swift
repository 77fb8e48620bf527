/// One language's `AppIntentVocabulary.plist`: terms all users of the app share, and example requests.
public struct AppIntentVocabulary: Codable, Sendable, Equatable {
    /// `ParameterVocabularies`.
    public var parameterVocabularies: [ParameterVocabulary]
    /// `IntentPhrases`.
    public var intentPhrases: [IntentPhrase]

    public init(parameterVocabularies: [ParameterVocabulary] = [], intentPhrases: [IntentPhrase] = []) {
        self.parameterVocabularies = parameterVocabularies
        self.intentPhrases = intentPhrases
    }
}

/// Terms for some intent parameters (`ParameterNames` such as "INStartWorkoutIntent.workoutName").
public struct ParameterVocabulary: Codable, Sendable, Equatable {
    /// The parameters, as "IntentClass.property".
    public var parameterNames: [String]
    /// The terms.
    public var items: [VocabularyItem]

    public init(parameterNames: [String], items: [VocabularyItem]) {
        self.parameterNames = parameterNames
        self.items = items
    }
}

/// One term: the identifier the extension receives, and the ways users say it.
public struct VocabularyItem: Codable, Sendable, Equatable {
    /// `VocabularyItemIdentifier`.
    public var identifier: String
    /// `VocabularyItemSynonyms`.
    public var synonyms: [VocabularySynonym]

    public init(identifier: String, synonyms: [VocabularySynonym]) {
        self.identifier = identifier
        self.synonyms = synonyms
    }
}

/// One way to say a term.
public struct VocabularySynonym: Codable, Sendable, Equatable {
    /// `VocabularyItemPhrase`, spelled as the app spells it ("Bananarific").
    public var phrase: String
    /// `VocabularyItemPronunciation`, a sounds-like hint ("ba nana ri fic").
    public var pronunciation: String?
    /// `VocabularyItemExamples`.
    public var examples: [String]

    public init(phrase: String, pronunciation: String? = nil, examples: [String] = []) {
        self.phrase = phrase
        self.pronunciation = pronunciation
        self.examples = examples
    }
}

/// Example requests for one intent (`IntentPhrases`), in the app's priority order.
public struct IntentPhrase: Codable, Sendable, Equatable {
    /// `IntentName` ("INSendMessageIntent").
    public var intentName: String
    /// `IntentExamples`.
    public var examples: [String]

    public init(intentName: String, examples: [String]) {
        self.intentName = intentName
        self.examples = examples
    }
}

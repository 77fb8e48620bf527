extension AppBundle {
    /// The app's vocabulary file for a language: the best `.lproj` match, else `Base`, else English.
    public func vocabulary(language: String?) -> AppIntentVocabulary? {
        if let language, let match = LanguageMatch.best(for: language, in: vocabularies) { return match }
        return vocabularies["Base"] ?? LanguageMatch.best(for: "en", in: vocabularies) ?? vocabularies.values.first
    }

    /// Example requests in the user's language, in the app's order, only for intents the app's
    /// extension supports (what "what can you do?" lists).
    public func examples(language: String?) -> [IntentPhrase] {
        let supported = Set(supportedIntents)
        return (vocabulary(language: language)?.intentPhrases ?? []).filter { supported.contains($0.intentName) }
    }
}

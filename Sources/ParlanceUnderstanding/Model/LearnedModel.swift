/// What training learns for one language and one set of app examples — the intent classifier, a slot
/// tagger per intent and the scope words — with the compiled templates and the phrasing's words: the
/// part of a `LanguageModel` the model cache keeps.
struct LearnedModel: Sendable {
    let classifier: IntentClassifier
    let scope: ScopeWords
    let templates: CompiledTemplates
    /// Every word of the templates and fillers.
    let commonWords: Set<String>
    /// The words that tell the language (`LanguageIdentifier`).
    let languageWords: Set<String>
    private let taggers: [String: StoredTagger]

    init(classifier: IntentClassifier, taggers: [String: SlotTagger], scope: ScopeWords, templates: CompiledTemplates,
         commonWords: Set<String>, languageWords: Set<String>) {
        self.languageWords = languageWords
        self.classifier = classifier
        self.taggers = taggers.mapValues(StoredTagger.init)
        self.scope = scope
        self.templates = templates
        self.commonWords = commonWords
    }

    /// The slot tagger of an intent class, if it has parameters to tag.
    func tagger(for intent: String) -> SlotTagger? {
        taggers[intent]?.tagger
    }

    /// The model in the cache's binary form.
    var encoded: [UInt8] {
        var writer = ModelWriter()
        classifier.write(to: &writer)
        writer.write(count: taggers.count)
        for intent in taggers.keys.sorted() {
            writer.write(intent)
            writer.write(bytes: taggers[intent]?.bytes ?? [])
        }
        scope.write(to: &writer)
        templates.write(to: &writer)
        writer.write(commonWords.sorted())
        writer.write(languageWords.sorted())
        return writer.bytes
    }

    /// Reads `encoded`; anything missing, extra or inconsistent is corrupt. Taggers are decoded when first used.
    /// - Parameter file: the open file `bytes` were read from; its taggers are read from it when first used.
    init(decoding bytes: [UInt8], from start: Int, file: ModelFile) throws(ModelReader.Corrupt) {
        var reader = ModelReader(bytes, from: start)
        classifier = try IntentClassifier(from: &reader)
        var taggers: [String: StoredTagger] = [:]
        for _ in 0..<(try reader.readCount(itemSize: 8)) {
            let intent = try reader.readString()
            taggers[intent] = StoredTagger(file: file, range: try reader.skipBytes())
        }
        self.taggers = taggers
        scope = try ScopeWords(from: &reader)
        templates = try CompiledTemplates(from: &reader)
        commonWords = Set(try reader.readStrings())
        languageWords = Set(try reader.readStrings())
        guard reader.isAtEnd else { throw ModelReader.Corrupt() }
    }
}

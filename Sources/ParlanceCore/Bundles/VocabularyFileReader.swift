import Foundation
import Intents

/// Reads and checks an `AppIntentVocabulary.plist`. Entries left empty by Xcode's template are skipped
/// quietly; unknown intent names and parameters are errors with a did-you-mean.
enum VocabularyFileReader {
    static func read(_ root: [String: Any], reader: inout PropertyListReader) -> AppIntentVocabulary {
        var vocabulary = AppIntentVocabulary()
        for (index, entry) in reader.array(root, "ParameterVocabularies", of: [String: Any].self) {
            let path = "ParameterVocabularies[\(index)]"
            let names = reader.array(entry, "ParameterNames", of: String.self, at: path).compactMap { item -> String? in
                guard let name = BundleLoader.nonEmpty(item.value) else { return nil }
                return checkParameterName(name, at: "\(path).ParameterNames[\(item.index)]", reader: &reader) ? name : nil
            }
            let items = reader.array(entry, "ParameterVocabulary", of: [String: Any].self, at: path).compactMap { item in
                vocabularyItem(item.value, at: "\(path).ParameterVocabulary[\(item.index)]", reader: &reader)
            }
            guard !names.isEmpty, !items.isEmpty else { continue }
            vocabulary.parameterVocabularies.append(ParameterVocabulary(parameterNames: names, items: items))
        }
        for (index, entry) in reader.array(root, "IntentPhrases", of: [String: Any].self) {
            let path = "IntentPhrases[\(index)]"
            guard let name = BundleLoader.nonEmpty(reader.string(entry, "IntentName", at: path, required: true)) else { continue }
            let examples = reader.array(entry, "IntentExamples", of: String.self, at: path, required: true)
                .compactMap { BundleLoader.nonEmpty($0.value) }
            guard IntentCatalog.intent(named: name) != nil else {
                if let suggestion = IntentCatalog.suggestion(for: name) {
                    reader.error("\(path).IntentName", "'\(name)' is not an intent Parlance knows; did you mean '\(suggestion)'?")
                } else {
                    reader.warning("\(path).IntentName", "'\(name)' is not an intent Parlance serves; its examples are ignored")
                }
                continue
            }
            vocabulary.intentPhrases.append(IntentPhrase(intentName: name, examples: examples))
        }
        return vocabulary
    }

    private static func vocabularyItem(_ entry: [String: Any], at path: String,
                                       reader: inout PropertyListReader) -> VocabularyItem? {
        let identifier = BundleLoader.nonEmpty(reader.string(entry, "VocabularyItemIdentifier", at: path))
        let synonyms = reader.array(entry, "VocabularyItemSynonyms", of: [String: Any].self, at: path)
            .compactMap { item -> VocabularySynonym? in
                let synonymPath = "\(path).VocabularyItemSynonyms[\(item.index)]"
                guard let phrase = BundleLoader.nonEmpty(reader.string(item.value, "VocabularyItemPhrase", at: synonymPath))
                else { return nil }
                return VocabularySynonym(
                    phrase: phrase,
                    pronunciation: BundleLoader.nonEmpty(reader.string(item.value, "VocabularyItemPronunciation", at: synonymPath)),
                    examples: reader.array(item.value, "VocabularyItemExamples", of: String.self, at: synonymPath)
                        .compactMap { BundleLoader.nonEmpty($0.value) })
            }
        guard !synonyms.isEmpty else { return nil }
        guard let identifier else {
            reader.error("\(path).VocabularyItemIdentifier", "missing; the extension receives it as the term's identifier")
            return nil
        }
        return VocabularyItem(identifier: identifier, synonyms: synonyms)
    }

    /// "INStartWorkoutIntent.workoutName": a known intent and one of its properties.
    private static func checkParameterName(_ name: String, at path: String, reader: inout PropertyListReader) -> Bool {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            reader.error(path, "'\(name)' must be IntentClass.property, such as INStartWorkoutIntent.workoutName")
            return false
        }
        guard let intent = IntentCatalog.intent(named: parts[0]) else {
            var message = "'\(parts[0])' is not an intent Parlance knows"
            if let suggestion = IntentCatalog.suggestion(for: parts[0]) { message += "; did you mean '\(suggestion)'?" }
            reader.error(path, message)
            return false
        }
        guard intent.propertyNames.contains(parts[1]) else {
            var message = "\(parts[0]) has no property '\(parts[1])'"
            if let suggestion = Suggestion.closest(to: parts[1], in: intent.propertyNames) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; its properties are: \(intent.propertyNames.joined(separator: ", "))"
            }
            reader.error(path, message)
            return false
        }
        return true
    }
}

import Foundation
import ParlanceCore

extension AppBundle {
    /// An app bundle that exists only in memory, for in-process tests: an Intents extension serving
    /// `intents` (its identifier is `identifier + ".intents"`, the key for `InProcessLauncher`), and
    /// example requests in English.
    public static func fixture(identifier: String, displayName: String, intents: [String],
                               examples: [String: [String]] = [:], usageDescription: String? = nil,
                               restrictedWhileLocked: [String] = []) -> AppBundle {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(identifier).app").path
        let extensionInfo = AppExtensionInfo(identifier: identifier + ".intents", kind: .intents,
                                             intentsSupported: intents, restrictedWhileLocked: restrictedWhileLocked,
                                             executable: "/bin/false", path: path + "/PlugIns/Intents.appex")
        let phrases = examples.sorted { $0.key < $1.key }.map { IntentPhrase(intentName: $0.key, examples: $0.value) }
        return AppBundle(identifier: identifier, displayName: displayName, usageDescription: usageDescription, path: path,
                         extensions: [extensionInfo], vocabularies: ["en": AppIntentVocabulary(intentPhrases: phrases)])
    }
}

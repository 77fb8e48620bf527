import Foundation
import Intents
import ParlanceCore
import ParlanceStore
import ParlanceUnderstanding

/// A throwaway store for evaluating against a folder of app bundles and a vocabulary file, so that a
/// labelled set always meets the same apps and names, whatever the user's home holds.
public enum EvaluationSetup {
    /// An in-memory store with every `*.app` bundle of `apps` installed and `vocabulary` applied.
    ///
    /// The vocabulary file is JSON: `{"app.identifier": {"contactName": ["Bobo", …], …}, …}`.
    public static func store(apps: URL, vocabulary: URL?) throws -> AssistantStore {
        let store = try AssistantStore.inMemory()
        let bundles = try FileManager.default.contentsOfDirectory(at: apps, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "app" }.sorted { $0.path < $1.path }
        guard !bundles.isEmpty else {
            throw EvaluationFileError(message: "\(apps.path) holds no *.app bundles to evaluate against")
        }
        for bundle in bundles { _ = try store.install(try BundleLoader.load(bundle.path).app) }
        guard let vocabulary else { return store }
        let data = try Data(contentsOf: vocabulary)
        let byApp: [String: [String: [String]]]
        do {
            byApp = try JSONDecoder().decode([String: [String: [String]]].self, from: data)
        } catch {
            throw EvaluationFileError(message: "\(vocabulary.path) is not {\"app\": {\"type\": [strings]}}: \(error)")
        }
        for (app, types) in byApp.sorted(by: { $0.key < $1.key }) {
            for (name, strings) in types.sorted(by: { $0.key < $1.key }) {
                guard let type = INVocabularyStringType.allCases.first(where: { $0.caseName == name }) else {
                    throw EvaluationFileError(message: "\(vocabulary.path): '\(name)' is not a vocabulary type")
                }
                _ = try store.replaceVocabulary(strings, type: type, app: app)
            }
        }
        return store
    }
}

import Foundation
import Intents
import ParlanceCore
import Synchronization

/// The gazetteers understanding uses, one per installed app and language, built from the apps'
/// vocabulary files and the user's vocabulary, and rebuilt when either changes: every `gazetteers`
/// call first checks the store's vocabulary generation (which also applies apps' pending updates),
/// so a deleted name is gone from the very next request.
public final class VocabularyIndex: Sendable {
    private struct Cache {
        var generation: Int?
        var byLanguage: [String: [String: AppGazetteer]] = [:]
    }

    private let registry: any AppRegistry
    private let source: any VocabularySource
    private let cache = Mutex(Cache())

    public init(apps: any AppRegistry, vocabulary: any VocabularySource) {
        self.registry = apps
        self.source = vocabulary
    }

    /// An index over a store that holds both the apps and the vocabulary.
    public convenience init(store: some AppRegistry & VocabularySource) {
        self.init(apps: store, vocabulary: store)
    }

    /// Gazetteers by app identifier, for a language.
    public func gazetteers(language: String?) throws(StoreError) -> [String: AppGazetteer] {
        let generation = try source.vocabularyGeneration()
        let key = language ?? ""
        if let cached = cache.withLock({ $0.generation == generation ? $0.byLanguage[key] : nil }) { return cached }
        let built = try build(language: language)
        cache.withLock { cache in
            if cache.generation != generation { cache = Cache(generation: generation) }
            cache.byLanguage[key] = built
        }
        return built
    }

    private func build(language: String?) throws(StoreError) -> [String: AppGazetteer] {
        let apps = try registry.apps()
        let user = Dictionary(grouping: try source.vocabulary(), by: \.appIdentifier)
        var result: [String: AppGazetteer] = [:]
        // One parameter list per type, shared by all its entries (a user may have 100,000 of them).
        var targets: [INVocabularyStringType: [String]] = [:]
        for app in apps {
            var entries = appEntries(app.bundle, language: language)
            for entry in user[app.bundle.identifier] ?? [] {
                let parameters = targets[entry.type] ?? UserVocabularyTargets.parameters(for: entry.type)
                targets[entry.type] = parameters
                entries.append(GazetteerEntry(phrase: entry.phrase, spellings: [entry.phrase], identifier: nil,
                                              parameters: parameters,
                                              rank: entry.position, source: .user(entry.type)))
            }
            result[app.bundle.identifier] = AppGazetteer(appIdentifier: app.bundle.identifier, entries: entries)
        }
        return result
    }

    private func appEntries(_ bundle: AppBundle, language: String?) -> [GazetteerEntry] {
        bundle.vocabulary(language: language).map { AppGazetteer.entries(of: $0) } ?? []
    }
}

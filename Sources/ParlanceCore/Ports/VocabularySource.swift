/// The user's vocabulary, as understanding reads it: the strings apps shared, and a generation number
/// that moves whenever the vocabulary or an installed app changes, so that caches know when to rebuild.
public protocol VocabularySource: Sendable {
    /// A number that changes whenever user vocabulary or an installed app changes.
    func vocabularyGeneration() throws(StoreError) -> Int
    /// The user vocabulary of every app, by app, type and rank.
    func vocabulary() throws(StoreError) -> [VocabularyEntry]
}

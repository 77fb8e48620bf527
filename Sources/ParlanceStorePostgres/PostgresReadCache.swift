import ParlanceCore
import Synchronization

/// What a link read of the tables turns read (apps, permissions, users, settings, preferences, vocabulary), for
/// the reads inside a `StoreReadScope`: each value is kept with the generation of `store_changes` read in the same
/// statement, and is used again only by a scope that reads at that very generation (then nothing it depends on
/// changed, on any server). Shared by every user's view of the link; a key names the user where the data is theirs.
final class PostgresReadCache: Sendable {
    private let entries = Mutex<[String: (generation: Int, value: any Sendable)]>([:])
    /// Beyond this many values the cache starts again (values are small; keys grow with users and domains).
    private static let largest = 4096

    /// The value kept for `key` at `generation`, if any.
    func value<T: Sendable>(_ key: String, at generation: Int) -> T? {
        entries.withLock { entries in
            guard let entry = entries[key], entry.generation == generation else { return nil }
            return entry.value as? T
        }
    }

    /// Keeps `value`, read at `generation`, unless a value read at a later generation is kept.
    func keep(_ value: some Sendable, generation: Int, for key: String) {
        entries.withLock { entries in
            if let kept = entries[key], kept.generation > generation { return }
            if entries.count >= Self.largest, entries[key] == nil { entries.removeAll() }
            entries[key] = (generation, value)
        }
    }

    /// Forgets every value.
    func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}

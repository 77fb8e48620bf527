import Synchronization

/// One turn's reads of what rarely changes (installed apps, permissions, users, settings, preferences, vocabulary).
/// A front end sets a scope around one turn, after it holds the conversation's turn: inside it, a store shared by
/// several servers (PostgreSQL) may answer a read from what it read before, in this turn or an earlier one, when
/// nothing those reads depend on changed in the database since the turn's first read. So a turn's reads reflect
/// the database no earlier than the turn's start (a permission revoked anywhere before a turn starts is obeyed by
/// that turn), and the turn's own writes are seen by its later reads. Outside a scope every read goes to the
/// database; a store that reads locally (SQLite) ignores the scope.
///
/// Set it for a task with `StoreReadScope.$current.withValue(StoreReadScope()) { … }`.
public final class StoreReadScope: Sendable {
    /// The generation of each database's changes that the scope's reads were taken at, by the database's name.
    private let generations = Mutex<[String: Int]>([:])

    public init() {}

    /// The generation of `database`'s changes this scope reads at, or nil before its first read there (or after
    /// its own write there).
    public func generation(of database: String) -> Int? {
        generations.withLock { $0[database] }
    }

    /// Records the generation a read of `database` saw, when the scope has none yet for it.
    public func record(_ generation: Int, of database: String) {
        generations.withLock { generations in
            if generations[database] == nil { generations[database] = generation }
        }
    }

    /// Forgets the generation of `database` after this scope's own write there: the next read records the new one,
    /// so the scope sees its write.
    public func forget(_ database: String) {
        _ = generations.withLock { $0.removeValue(forKey: database) }
    }

    /// The scope of the current task, if any.
    @TaskLocal public static var current: StoreReadScope?
}

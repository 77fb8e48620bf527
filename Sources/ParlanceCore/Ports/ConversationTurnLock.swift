/// Serialises one conversation's turns across every process that shares a store (several `parlance serve`
/// instances on one PostgreSQL database): a turn holds its conversation's lock from before it reads the saved state
/// until its last write, so the next turn, on whichever instance, starts from what this one left. A store that
/// one process owns (SQLite) needs none: the server's own actor serialises its turns.
public protocol ConversationTurnLock: Sendable {
    /// Waits until no other process answers a turn of the user's conversation `session`, then holds it until
    /// the lease is released.
    func acquire(user: String, session: String) async throws(StoreError) -> ConversationTurnLease
}

/// A held conversation lock (`ConversationTurnLock`); release it once, when the turn has been answered.
public struct ConversationTurnLease: Sendable {
    private let releasing: @Sendable () async -> Void

    /// A lease that `release` ends by calling `releasing`.
    public init(releasing: @escaping @Sendable () async -> Void) {
        self.releasing = releasing
    }

    /// Lets the next turn of the conversation begin, here or in another process.
    public func release() async {
        await releasing()
    }
}

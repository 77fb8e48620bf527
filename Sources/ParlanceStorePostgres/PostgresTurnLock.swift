import Foundation
import Logging
import NIOCore
import NIOPosix
import ParlanceCore
import PostgresNIO

/// A conversation's turns serialised across servers by a PostgreSQL session advisory lock on the conversation
/// (a key of its own, beside the one the store's writes take): the turn's connection holds it until the lease is
/// released, and a server that dies mid-turn loses its connection, which lets the lock go.
public final class PostgresTurnLock: ConversationTurnLock {
    private let address: PostgresAddress
    private let link: PostgresLink

    /// The lock over the database the store is in.
    public init(store: PostgresStore) {
        address = store.address
        link = store.link
    }

    public func acquire(user: String, session: String) async throws(StoreError) -> ConversationTurnLease {
        let connection = try await link.connectWaiting()
        let name = PostgresStore.lockName(user, session, turn: true)
        let logger = link.logger
        do {
            try await connection.query("SELECT pg_advisory_lock(hashtextextended(\(name), 0))", logger: logger)
        } catch {
            try? await connection.close()
            throw StoreError(.database, "the conversation's lock in \(address) could not be taken: \(PostgresLink.describe(error))")
        }
        return ConversationTurnLease { [link] in
            do {
                try await connection.query("SELECT pg_advisory_unlock(hashtextextended(\(name), 0))", logger: logger)
                link.give(back: connection, waiting: true)
            } catch {
                try? await connection.close()  // closing the connection lets its locks go
            }
        }
    }
}

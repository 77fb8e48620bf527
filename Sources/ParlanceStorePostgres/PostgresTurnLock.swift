import Foundation
import Logging
import NIOCore
import NIOPosix
import ParlanceCore
import PostgresNIO

/// A conversation's turns serialised across servers by PostgreSQL session advisory locks on the conversation (a key
/// of its own, beside the one the store's writes take). One connection per server holds the locks of all its turns
/// in flight, so a server needs no more connections however many conversations it answers at once; a lock another
/// server holds is tried again after a short, growing pause. A server that dies loses its connection, which lets
/// its locks go.
public final class PostgresTurnLock: ConversationTurnLock {
    private let address: PostgresAddress
    private let holder: PostgresLockHolder

    /// The lock over the database the store is in.
    /// How long a turn waits for the one in progress before it gives up (a server that hangs keeps its lock).
    static let longestWait = Duration.seconds(60)

    public init(store: PostgresStore) {
        address = store.address
        holder = PostgresLockHolder(link: store.link)
    }

    public func acquire(user: String, session: String) async throws(StoreError) -> ConversationTurnLease {
        let name = PostgresStore.lockName(user, session, turn: true)
        var pause = Duration.milliseconds(1)
        let giveUp = ContinuousClock.now + Self.longestWait
        do {
            while try await !holder.tryLock(name) {
                guard ContinuousClock.now < giveUp else {
                    throw StoreError(.database, "another turn of this conversation has been answered for over "
                        + "\(Self.longestWait.components.seconds) s, here or on another server; try again later")
                }
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .milliseconds(50))
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.database, "the conversation's lock in \(address) could not be taken: \(PostgresLink.describe(error))")
        }
        return ConversationTurnLease { [holder] in await holder.unlock(name) }
    }
}

/// The connection that holds one server's turn locks, and which keys it holds (a key held by a turn of this server
/// is busy as if another server held it: PostgreSQL would grant it to the same connection again).
actor PostgresLockHolder {
    private let link: PostgresLink
    private var connection: PostgresConnection?
    /// The keys this server's turns hold, each with the connection that holds it.
    private var held: [String: PostgresConnection] = [:]
    /// Keys being tried, so that two turns of this server never try one key at once.
    private var trying: Set<String> = []

    init(link: PostgresLink) { self.link = link }

    deinit {
        // PostgresNIO requires a connection closed before it goes; the completion keeps it until then.
        if let connection { connection.close().whenComplete { _ in withExtendedLifetime(connection) {} } }
    }

    /// Takes the lock `name` if no turn holds it, here or on another server; true when taken.
    func tryLock(_ name: String) async throws -> Bool {
        guard held[name] == nil, !trying.contains(name) else { return false }
        trying.insert(name)
        defer { trying.remove(name) }
        let connection = try await open()
        let rows = try await connection.query("SELECT pg_try_advisory_lock(hashtextextended(\(name), 0))", logger: link.logger)
        var taken = false
        for try await row in rows { taken = try row.decode(Bool.self) }
        if taken { held[name] = connection }
        return taken
    }

    /// Lets the lock `name` go. When its connection broke meanwhile, the lock went with it.
    func unlock(_ name: String) async {
        guard let holding = held.removeValue(forKey: name), !holding.isClosed else { return }
        do {
            _ = try await holding.query("SELECT pg_advisory_unlock(hashtextextended(\(name), 0))", logger: link.logger)
        } catch {
            // An unlock that failed may leave the lock held: close the connection, which lets all its locks go.
            if connection === holding { connection = nil }
            held = held.filter { $0.value !== holding }
            try? await holding.close()
        }
    }

    /// The connection new locks are taken on, opened again when it broke.
    private func open() async throws -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        let opened = try await link.connectWaiting()
        if let connection, !connection.isClosed {
            // Another turn opened one while this one waited: one connection holds them all.
            try? await opened.close()
            return connection
        }
        connection = opened
        return opened
    }
}

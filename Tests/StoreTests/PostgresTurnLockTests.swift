import Foundation
import ParlanceCore
import ParlanceStorePostgres
import Synchronization
import TestSupport
import Testing

/// The turn lock of servers that share a PostgreSQL database: one conversation's turns one at a time across
/// servers and within one, a dead server's locks let go, and one connection per server however many turns it holds.
@Suite(.enabled(if: PostgresTestDatabase.serverURL != nil, Comment(rawValue: PostgresTestDatabase.skipReason)), .waitsBlocking)
struct PostgresTurnLockTests {
    /// Two servers' locks on one fresh database.
    private static func twoServers() throws -> (url: String, stores: [PostgresStore], locks: [PostgresTurnLock]) {
        let url = try PostgresTestDatabase.make()
        let stores = [try PostgresStore.open(url: url), try PostgresStore.open(url: url)]
        return (url, stores, stores.map(PostgresTurnLock.init(store:)))
    }

    /// Whether `acquire` is still waiting after `wait`; the lease once it ends.
    private static func waits(_ lock: PostgresTurnLock, _ session: String, for wait: Duration,
                              then release: () async -> Void) async throws -> Bool {
        let finished = Flag()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let lease = try await lock.acquire(user: "owner", session: session)
                finished.set()
                await lease.release()
            }
            try await Task.sleep(for: wait)
            let waited = !finished.isSet
            await release()
            try await group.waitForAll()
            return waited
        }
    }

    @Test("a turn on another server waits for the one in progress, and goes on when it is released")
    func acrossServers() async throws {
        let (url, stores, locks) = try Self.twoServers()
        defer {
            for store in stores { store.close() }
            PostgresTestDatabase.drop(url)
        }
        let lease = try await locks[0].acquire(user: "owner", session: "c1")
        let waited = try await Self.waits(locks[1], "c1", for: .milliseconds(300)) { await lease.release() }
        #expect(waited)
        // Another conversation is never held up.
        let other = try await locks[1].acquire(user: "owner", session: "c2")
        await other.release()
    }

    @Test("two turns of one conversation on one server take turns too")
    func withinOneServer() async throws {
        let (url, stores, locks) = try Self.twoServers()
        defer {
            for store in stores { store.close() }
            PostgresTestDatabase.drop(url)
        }
        let lease = try await locks[0].acquire(user: "owner", session: "c1")
        #expect(try await Self.waits(locks[0], "c1", for: .milliseconds(300)) { await lease.release() })
        // Released, it is free for either server again.
        let again = try await locks[1].acquire(user: "owner", session: "c1")
        await again.release()
    }

    @Test("a server whose connection dies lets its locks go")
    func deadServer() async throws {
        let (url, stores, locks) = try Self.twoServers()
        defer {
            for store in stores { store.close() }
            PostgresTestDatabase.drop(url)
        }
        _ = try await locks[0].acquire(user: "owner", session: "c1")  // never released: its server "dies"
        let database = try #require(URLComponents(string: url)?.path.dropFirst())
        let killed = Flag()
        #expect(try await Self.waits(locks[1], "c1", for: .milliseconds(300)) {
            try? PostgresTestDatabase.psql(url, "SELECT pg_terminate_backend(pid) FROM pg_locks "
                                           + "WHERE locktype = 'advisory' AND granted AND database = "
                                           + "(SELECT oid FROM pg_database WHERE datname = '\(database)')")
            killed.set()
        })
        #expect(killed.isSet)
    }

    @Test("a server holds the locks of 200 turns at once on one connection")
    func oneConnection() async throws {
        let (url, stores, locks) = try Self.twoServers()
        defer {
            for store in stores { store.close() }
            PostgresTestDatabase.drop(url)
        }
        let leases = try await withThrowingTaskGroup(of: ConversationTurnLease.self) { group in
            for index in 0..<200 { group.addTask { try await locks[0].acquire(user: "owner", session: "c\(index)") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(leases.count == 200)
        // Other tests run beside this one, each in a database of its own: only this database's locks count.
        let here = "locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
        let holders = try Self.count(url, "SELECT count(DISTINCT pid) FROM pg_locks WHERE granted AND \(here)")
        #expect(holders == 1)
        for lease in leases { await lease.release() }
        #expect(try Self.count(url, "SELECT count(*) FROM pg_locks WHERE \(here)") == 0)
    }

    /// A flag one task sets and another reads.
    private final class Flag: Sendable {
        private let value = Mutex(false)
        func set() { value.withLock { $0 = true } }
        var isSet: Bool { value.withLock { $0 } }
    }

    /// A number `statement` selects, through `psql`.
    private static func count(_ url: String, _ statement: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", url, "-qXtAc", statement]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try #require(Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}

import Foundation
import ParlanceCore
import ParlanceStore
import ParlanceStorePostgres
import TestSupport
import Synchronization
import Testing

/// The store contract (`StoreContract`) on the SQLite store, in a home on disk.
@Suite struct SQLiteStoreContractTests {
    @Test(arguments: StoreContract.allCases)
    func contract(_ check: StoreContract) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try check.check { try AssistantStore.open(home: home) }
    }
}

/// The same contract on the PostgreSQL store, each check in a database of its own on the server
/// `PARLANCE_TEST_POSTGRES` names (skipped without it).
@Suite(.enabled(if: PostgresTestDatabase.serverURL != nil, Comment(rawValue: PostgresTestDatabase.skipReason)), .waitsBlocking)
struct PostgresStoreContractTests {
    @Test(arguments: StoreContract.allCases)
    func contract(_ check: StoreContract) throws {
        let url = try PostgresTestDatabase.make()
        defer { PostgresTestDatabase.drop(url) }
        var opened: [PostgresStore] = []
        defer { for store in opened { store.close() } }
        try check.check {
            let store = try PostgresStore.open(url: url)
            opened.append(store)
            return store
        }
    }

    /// Servers starting together on a new database make its tables once.
    @Test func migrationsRunOnceWhenServersStartTogether() throws {
        let url = try PostgresTestDatabase.make()
        defer { PostgresTestDatabase.drop(url) }
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                try PostgresStore.open(url: url).close()
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let store = try PostgresStore.open(url: url)
        defer { store.close() }
        #expect(try store.schemaVersions() == [1, 2, 3])
        #expect(try store.users() == ["owner"])
    }

    /// A conversation's turn lock is held by one server at a time; another conversation's is free meanwhile.
    @Test func aTurnLockWaitsForTheTurnBefore() async throws {
        let url = try PostgresTestDatabase.make()
        defer { PostgresTestDatabase.drop(url) }
        let (first, second) = (try PostgresStore.open(url: url), try PostgresStore.open(url: url))
        defer { first.close(); second.close() }
        let locks = (PostgresTurnLock(store: first), PostgresTurnLock(store: second))
        let held = try await locks.0.acquire(user: "owner", session: "s")
        let elsewhere = try await locks.1.acquire(user: "owner", session: "t")
        await elsewhere.release()
        let otherUser = try await locks.1.acquire(user: "ada", session: "s")
        await otherUser.release()
        let waiter = Task {
            let lease = try await locks.1.acquire(user: "owner", session: "s")
            let takenAt = ContinuousClock.now
            await lease.release()
            return takenAt
        }
        try await Task.sleep(for: .milliseconds(300))
        let releasedAt = ContinuousClock.now
        await held.release()
        #expect(try await waiter.value >= releasedAt, "the second server waits while the first holds the turn")
    }

    /// A URL that names no database, or is no PostgreSQL URL, is refused with what to write.
    @Test func badAddressesAreRefused() {
        #expect(throws: StoreError.self) { try PostgresStore.open(url: "postgres://localhost:5432/") }
        #expect(throws: StoreError.self) { try PostgresStore.open(url: "mysql://localhost/x") }
        #expect(throws: StoreError.self) { try PostgresStore.open(url: "postgres://nobody@127.0.0.1:1/none") }
    }
}

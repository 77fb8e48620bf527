import Foundation
import ParlanceCore
import ParlanceStorePostgres
import TestSupport
import Testing

/// A turn's reads in a `StoreReadScope` on the PostgreSQL store: what rarely changes is read once per turn at most,
/// never earlier than the turn's start, the turn's own writes are seen at once, and reads outside a scope always go
/// to the database. Two `PostgresStore.open`s of one database stand for two servers.
@Suite(.enabled(if: PostgresTestDatabase.serverURL != nil, Comment(rawValue: PostgresTestDatabase.skipReason)), .waitsBlocking)
struct PostgresReadScopeTests {
    private static let chatterbox = "com.example.chatterbox"

    /// Two servers on one fresh database with Chatterbox installed and allowed by the owner.
    private static func twoServers() throws -> (url: String, here: PostgresStore, there: PostgresStore) {
        let url = try PostgresTestDatabase.make()
        let here = try PostgresStore.open(url: url)
        let there = try PostgresStore.open(url: url)
        try there.install(StoreContract.app())
        try there.setPermission(.allowed, for: chatterbox)
        return (url, here, there)
    }

    private static func inTurn<T>(_ body: () throws -> T) rethrows -> T {
        try StoreReadScope.$current.withValue(StoreReadScope()) { try body() }
    }

    /// What another server does meanwhile, in no turn of this one.
    private static func elsewhere(_ body: () throws -> Void) rethrows {
        try StoreReadScope.$current.withValue(nil) { try body() }
    }

    @Test("a permission revoked on another server is obeyed by the next turn, not mid-turn")
    func revokedElsewhereIsSeenByTheNextTurn() throws {
        let (url, here, there) = try Self.twoServers()
        defer { here.close(); there.close(); PostgresTestDatabase.drop(url) }
        try Self.inTurn {
            _ = try here.conversationState(session: "s")
            #expect(try here.app(Self.chatterbox)?.permission == .allowed)
            #expect(try here.apps().map(\.permission) == [.allowed])
            try Self.elsewhere { try there.setPermission(.denied, for: Self.chatterbox) }
            // The turn reads the database as it was when it began: the same answer, without asking again.
            #expect(try here.app(Self.chatterbox)?.permission == .allowed)
            #expect(try here.apps().map(\.permission) == [.allowed])
        }
        try Self.inTurn {
            _ = try here.conversationState(session: "s")
            #expect(try here.app(Self.chatterbox)?.permission == .denied)
            #expect(try here.apps().map(\.permission) == [.denied])
        }
        // A turn whose first read is not the conversation's state reads at that first read.
        try there.setPermission(.allowed, for: Self.chatterbox)
        try Self.inTurn { () throws in #expect(try here.apps().map(\.permission) == [.allowed]) }
    }

    @Test("every kind of change on another server is seen by the next turn")
    func everyChangeElsewhereIsSeen() throws {
        let (url, here, there) = try Self.twoServers()
        defer { here.close(); there.close(); PostgresTestDatabase.drop(url) }
        func turn() throws -> [String] {
            try Self.inTurn {
                _ = try here.conversationState(session: "s")
                return [
                    "\(try here.isSessionLocked())", try here.messageReadBack() ?? "-",
                    try here.preferredApp(domain: "messaging") ?? "-", "\(try here.defaultWasOffered(domain: "rides"))",
                    "\(try here.opensWithoutAsking(Self.chatterbox))", "\(try here.vocabularyGeneration())",
                    try here.apps().map(\.bundle.identifier).joined(separator: ","),
                    "\(try here.app("com.example.other") != nil)",
                ]
            }
        }
        var seen = try turn()
        #expect(try turn() == seen, "nothing changed, nothing differs")
        let changes: [() throws -> Void] = [
            { try there.setSessionLocked(true) },
            { try there.setMessageReadBack("always") },
            { try there.setPreferredApp(Self.chatterbox, domain: "messaging") },
            { try there.markDefaultOffered(domain: "rides") },
            { try there.setOpensWithoutAsking(true, for: Self.chatterbox) },
            { try there.replaceVocabulary(["Ada"], type: .contactName, app: Self.chatterbox) },
            { try there.install(StoreContract.app("com.example.other", name: "Other")) },
        ]
        for (index, change) in changes.enumerated() {
            try change()
            let now = try turn()
            #expect(now != seen, "change \(index) is seen by the next turn")
            seen = now
        }
    }

    @Test("a turn sees its own writes")
    func aTurnSeesItsOwnWrites() throws {
        let (url, here, there) = try Self.twoServers()
        defer { here.close(); there.close(); PostgresTestDatabase.drop(url) }
        try Self.inTurn {
            _ = try here.conversationState(session: "s")
            #expect(try here.app(Self.chatterbox)?.permission == .allowed)
            #expect(try !here.defaultWasOffered(domain: "rides"))
            try here.setPermission(.denied, for: Self.chatterbox)
            try here.markDefaultOffered(domain: "rides")
            #expect(try here.app(Self.chatterbox)?.permission == .denied)
            #expect(try here.defaultWasOffered(domain: "rides"))
            // Another user's view of the same server shares the scope.
            try here.addUser("ada")
            let ada = try here.forUser("ada")
            #expect(try ada.app(Self.chatterbox)?.permission == .notDetermined)
            try ada.setPermission(.allowed, for: Self.chatterbox)
            #expect(try ada.app(Self.chatterbox)?.permission == .allowed)
            #expect(try here.app(Self.chatterbox)?.permission == .denied, "each user's own permission")
        }
    }

    @Test("a read outside a turn always goes to the database")
    func outsideATurnNothingIsKept() throws {
        let (url, here, there) = try Self.twoServers()
        defer { here.close(); there.close(); PostgresTestDatabase.drop(url) }
        try Self.inTurn {
            _ = try here.conversationState(session: "s")
            #expect(try here.app(Self.chatterbox)?.permission == .allowed)
            #expect(try !here.isSessionLocked())
        }
        try there.setPermission(.denied, for: Self.chatterbox)
        try there.setSessionLocked(true)
        #expect(try here.app(Self.chatterbox)?.permission == .denied)
        #expect(try here.apps().map(\.permission) == [.denied])
        #expect(try here.isSessionLocked())
    }

    @Test("the store contract holds inside one long turn", arguments: StoreContract.allCases)
    func contractInsideOneTurn(_ check: StoreContract) throws {
        let url = try PostgresTestDatabase.make()
        defer { PostgresTestDatabase.drop(url) }
        var opened: [PostgresStore] = []
        defer { for store in opened { store.close() } }
        try Self.inTurn {
            try check.check {
                let store = try PostgresStore.open(url: url)
                opened.append(store)
                return store
            }
        }
    }

    @Test("begins of one intent from two servers at once: exactly one sends, and a sent intent is never begun again")
    func concurrentBeginsFromTwoServers() async throws {
        let url = try PostgresTestDatabase.make()
        let (first, second) = (try PostgresStore.open(url: url), try PostgresStore.open(url: url))
        defer { first.close(); second.close(); PostgresTestDatabase.drop(url) }
        for round in 0..<5 {
            let intent = "pay-\(round)"
            let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for (index, store) in [first, second, first, second].enumerated() {
                    group.addTask {
                        try store.beginSending(intentIdentifier: intent, app: "a", intent: "{}",
                                               state: Data("{\"by\":\(index)}".utf8), session: "s", resending: false)
                    }
                }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 1, "round \(round): \(outcomes)")
            let state = try #require(try first.conversationState(session: "s"))
            #expect(try !second.beginHandling(intentIdentifier: intent, app: "a", intent: "{}", state: nil, session: "s"))
            #expect(try first.conversationState(session: "s") == state, "a refused begin changes nothing")
            #expect(try second.beginHandling(intentIdentifier: intent, app: "a", intent: "{}", state: nil, session: "s",
                                             resending: true), "a resend begins again")
            #expect(try first.conversationState(session: "s") == nil, "and forgets the state it was given as nil")
        }
        #expect(try first.journalCount() == 5)
        #expect(try first.schemaVersions() == [1, 2, 3])
    }
}

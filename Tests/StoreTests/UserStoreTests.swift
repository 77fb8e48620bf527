import Foundation
import GRDB
import Intents
import ParlanceCore
@testable import ParlanceStore
import Testing

/// Users of one home (`HomeUser`) in the SQLite store: each sees only their own permissions, vocabulary,
/// preferences, conversations and journal; tokens are kept hashed and revocable; an old home is the owner's.
@Suite struct UserStoreTests {
    static func home() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("users-\(UUID().uuidString)")
    }

    static func twoUsers() throws -> (owner: AssistantStore, ada: AssistantStore) {
        let store = try AssistantStore.inMemory()
        try store.install(AssistantStoreTests.app())
        try store.addUser("ada")
        return (store, try store.forUser("ada"))
    }

    @Test func permissionsAreEachUsersOwn() throws {
        let (owner, ada) = try Self.twoUsers()
        try ada.setPermission(.allowed, for: "com.example.chatterbox")
        #expect(try ada.app("com.example.chatterbox")?.permission == .allowed)
        #expect(try owner.app("com.example.chatterbox")?.permission == .notDetermined)
        try owner.setPermission(.denied, for: "com.example.chatterbox")
        #expect(try ada.apps().first?.permission == .allowed)
        #expect(try owner.apps().first?.permission == .denied)
        #expect(try owner.apps().count == 1 && ada.apps().count == 1, "the apps are the home's")
    }

    @Test func vocabularyAndPreferencesAreEachUsersOwn() throws {
        let (owner, ada) = try Self.twoUsers()
        try ada.replaceVocabulary(["Zorro"], type: .contactName, app: "com.example.chatterbox")
        #expect(try ada.vocabulary().map(\.phrase) == ["Zorro"])
        #expect(try owner.vocabulary().isEmpty)
        try ada.setPreferredApp("com.example.chatterbox", domain: "messaging")
        try ada.setMessageReadBack("always")
        try ada.markDefaultOffered(domain: "rides")
        try ada.setOpensWithoutAsking(true, for: "com.example.chatterbox")
        #expect(try owner.preferredApps().isEmpty)
        #expect(try owner.messageReadBack() == nil)
        #expect(try owner.defaultWasOffered(domain: "rides") == false)
        #expect(try owner.opensWithoutAsking("com.example.chatterbox") == false)
        #expect(try ada.preferredApp(domain: "messaging") == "com.example.chatterbox")
    }

    @Test func conversationsAndTheJournalAreEachUsersOwn() throws {
        let (owner, ada) = try Self.twoUsers()
        try ada.saveConversationState(Data("{}".utf8), session: "http-1")
        #expect(try owner.conversationState(session: "http-1") == nil)
        try owner.saveConversationState(nil, session: "http-1")  // the owner's delete touches nothing of ada's
        #expect(try ada.conversationState(session: "http-1") != nil)
        #expect(try ada.beginSending(intentIdentifier: "i1", app: "a", intent: "{}", state: nil, session: "s"))
        #expect(try owner.journalEntry(intentIdentifier: "i1") == nil)
        #expect(try owner.journalCount() == 0 && ada.journalCount() == 1)
        try ada.setSessionLocked(true)
        #expect(try owner.isSessionLocked() == false)
    }

    @Test func tokensAreHashedRevocableAndReplacedPerDevice() throws {
        let (owner, _) = try Self.twoUsers()
        let phone = try owner.issueToken(for: "ada", device: "phone")
        let laptop = try owner.issueToken(for: "ada", device: "laptop")
        #expect(phone.count == 64 && phone != laptop)
        #expect(try owner.user(forToken: phone) == "ada")
        #expect(try owner.user(forToken: "nope") == nil)
        let kept = try owner.read { db in try String.fetchAll(db, sql: "SELECT tokenHash FROM userTokens") }
        #expect(!kept.contains(phone) && kept.contains(AssistantStore.tokenHash(phone)), "only the hash is kept")
        try owner.revokeToken(for: "ada", device: "phone")
        #expect(try owner.user(forToken: phone) == nil)
        #expect(try owner.user(forToken: laptop) == "ada")
        let again = try owner.issueToken(for: "ada", device: "laptop")
        #expect(try owner.user(forToken: laptop) == nil, "a new token for a device replaces its old one")
        #expect(try owner.user(forToken: again) == "ada")
        #expect(try owner.devices(of: "ada").map(\.device) == ["laptop"])
        #expect(throws: StoreError.self) { try owner.revokeToken(for: "ada", device: "phone") }
        #expect(throws: StoreError.self) { try owner.issueToken(for: "bob", device: "phone") }
    }

    @Test func usersAreAddedCheckedAndRemovedWithWhatWasTheirs() throws {
        let (owner, ada) = try Self.twoUsers()
        #expect(try owner.users() == ["owner", "ada"])
        #expect(throws: StoreError.self) { try owner.addUser("ada") }
        #expect(throws: StoreError.self) { try owner.addUser("Ada Lovelace") }
        #expect(throws: StoreError.self) { try owner.removeUser("owner") }
        #expect(throws: StoreError.self) { try owner.forUser("bob") }
        try ada.setPermission(.allowed, for: "com.example.chatterbox")
        try ada.saveConversationState(Data("{}".utf8), session: "s")
        let token = try owner.issueToken(for: "ada", device: "phone")
        try owner.removeUser("ada")
        #expect(try owner.user(forToken: token) == nil)
        try owner.addUser("ada")
        let again = try owner.forUser("ada")
        #expect(try again.app("com.example.chatterbox")?.permission == .notDetermined)
        #expect(try again.conversationState(session: "s") == nil)
    }

    @Test func anOldHomeBecomesTheOwners() throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let app = AssistantStoreTests.app()
        let manifest = String(decoding: try JSONEncoder().encode(app), as: UTF8.self)
        do {
            let queue = try DatabaseQueue(path: home.appendingPathComponent("parlance.sqlite").path)
            try StoreSchema.migrator.migrate(queue, upTo: "v7 permission bound to the app's code")
            try queue.write { db in
                let now = "2026-01-01 10:00:00.000"
                try db.execute(sql: "INSERT INTO apps VALUES (?, 'Chatterbox', '/apps/Chatterbox.app', ?, ?, ?)",
                               arguments: [app.identifier, manifest, now, now])
                try db.execute(sql: "INSERT INTO permissions VALUES (?, 'allowed', ?, NULL)", arguments: [app.identifier, now])
                try db.execute(sql: "INSERT INTO userVocabulary VALUES (?, 'contactName', 0, 'Zorro')", arguments: [app.identifier])
                try db.execute(sql: "INSERT INTO conversations VALUES ('cli', '{}', ?)", arguments: [now])
                try db.execute(sql: "INSERT INTO handledIntents (intentIdentifier, appIdentifier, intent, startedAt, sentAt) "
                               + "VALUES ('i1', ?, '{}', ?, ?)", arguments: [app.identifier, now, now])
                try db.execute(sql: "INSERT INTO settings VALUES ('messageReadBack', 'always')")
                try db.execute(sql: "INSERT INTO preferredApps VALUES ('messaging', ?)", arguments: [app.identifier])
                try db.execute(sql: "INSERT INTO appsOpenedWithoutAsking VALUES (?, '', ?)", arguments: [app.identifier, now])
            }
        }
        let owner = try AssistantStore.open(home: home)
        #expect(owner.user == HomeUser.owner)
        #expect(try owner.app(app.identifier)?.permission == .allowed)
        #expect(try owner.vocabulary().map(\.phrase) == ["Zorro"])
        #expect(try owner.conversationState(session: "cli") != nil)
        #expect(try owner.journalCount() == 1)
        #expect(try owner.messageReadBack() == "always")
        #expect(try owner.preferredApp(domain: "messaging") == app.identifier)
        #expect(try owner.users() == ["owner"])
        let columns = try owner.read { db in
            try ["permissions", "userVocabulary", "conversations", "handledIntents", "settings", "preferredApps",
                 "appsOpenedWithoutAsking"].map { table in try db.columns(in: table).first { $0.name == "user" }?.isNotNull }
        }
        #expect(columns == Array(repeating: true, count: 7), "every per-user table has user TEXT NOT NULL")
        try owner.addUser("ada")
        let ada = try owner.forUser("ada")
        #expect(try ada.app(app.identifier)?.permission == .notDetermined)
        #expect(try ada.vocabulary().isEmpty)
    }

    @Test func anInboxUpdateIsTheOwnersUnlessItNamesAUser() throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let owner = try AssistantStore.open(home: home)
        try owner.install(AssistantStoreTests.app())
        try owner.addUser("ada")
        let inbox = home.appendingPathComponent("inbox/vocabulary")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try Data(#"{"app":"com.example.chatterbox","operation":"replace","type":"contactName","strings":["Kiki"]}"#.utf8)
            .write(to: inbox.appendingPathComponent("1.json"))
        try Data(#"{"app":"com.example.chatterbox","user":"ada","operation":"replace","type":"contactName","strings":["Bobo"]}"#.utf8)
            .write(to: inbox.appendingPathComponent("2.json"))
        try Data(#"{"app":"com.example.chatterbox","user":"bob","operation":"removeAll"}"#.utf8)
            .write(to: inbox.appendingPathComponent("3.json"))
        #expect(try owner.vocabulary().map(\.phrase) == ["Kiki"])
        #expect(try owner.forUser("ada").vocabulary().map(\.phrase) == ["Bobo"])
        #expect(FileManager.default.fileExists(atPath: inbox.appendingPathComponent("3.rejected").path))
    }
}

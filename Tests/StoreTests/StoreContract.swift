import Foundation
import Intents
import ParlanceCore
import ParlanceStore
import ParlanceStorePostgres
import Synchronization
import Testing

/// What every store of the assistant promises (`ConversationStore`, `AppRegistry`, `VocabularySource`,
/// `UserDirectory` and the users' commands), as checks any store runs: the SQLite store and the PostgreSQL store
/// pass the same ones (`SQLiteStoreContractTests`, `PostgresStoreContractTests`).
protocol ContractStore: AppRegistry, ConversationStore, VocabularySource, UserDirectory {
    func forUser(_ user: String) throws(StoreError) -> Self
    @discardableResult func install(_ app: AppBundle) throws(StoreError) -> InstallOutcome
    func remove(_ identifier: String) throws(StoreError)
    func users() throws(StoreError) -> [String]
    func addUser(_ user: String) throws(StoreError)
    func removeUser(_ user: String) throws(StoreError)
    func issueToken(for user: String, device: String) throws(StoreError) -> String
    func revokeToken(for user: String, device: String) throws(StoreError)
    func devices(of user: String?) throws(StoreError) -> [UserDevice]
    func journalCount() throws(StoreError) -> Int
    func setSessionLocked(_ locked: Bool) throws(StoreError)
    func setMessageReadBack(_ choice: String) throws(StoreError)
    func preferredApps() throws(StoreError) -> [String: String]
    func setOpensWithoutAsking(_ always: Bool, for identifier: String) throws(StoreError)
    @discardableResult
    func replaceVocabulary(_ strings: [String], type: INVocabularyStringType, app identifier: String) throws(StoreError) -> [String]
}

extension AssistantStore: ContractStore {}
extension PostgresStore: ContractStore {}

/// The checks, each on a new empty store; `open` opens the same store again (as another process or server would).
enum StoreContract: String, CaseIterable, CustomTestStringConvertible {
    case journalStates, sentIsNeverBegunAgain, decidedIsDecidedAgain, stateGoesWithTheJournal, conversationsAreSavedAndForgotten
    case unusedConversationsExpire
    case appsInstallUpdateAndRemove, permissionsAndPreferences, vocabularyAndGeneration, settings
    case usersAreAddedAndRemoved, tokensAreHashedAndRevocable, usersAreIsolated
    case reopenedKeepsEverything, twoProcessesSendOnce

    var testDescription: String { rawValue }

    static func app(_ identifier: String = "com.example.chatterbox", name: String = "Chatterbox") -> AppBundle {
        AppBundle(identifier: identifier, displayName: name, spokenName: nil, localizedDisplayNames: [:],
                  alternativeNames: [], usageDescription: nil, localizedUsageDescriptions: [:], userActivityTypes: [],
                  path: "/apps/\(name).app", extensions: [], vocabularies: [:])
    }

    func check<Store: ContractStore>(_ open: () throws -> Store) throws {
        let store = try open()
        switch self {
        case .journalStates:
            let before = Date().addingTimeInterval(-1)
            #expect(try store.journalEntry(intentIdentifier: "pay-1") == nil)
            #expect(try store.beginHandling(intentIdentifier: "pay-1", app: "com.example.pay", intent: "{\"a\":1}",
                                            state: Data("{}".utf8), session: "s", resending: false))
            guard case .decided(let app, let intent, let decidedAt)? = try open().journalEntry(intentIdentifier: "pay-1") else {
                Issue.record("decided but never sent should read back as decided")
                return
            }
            #expect(app == "com.example.pay" && intent == "{\"a\":1}")
            #expect(decidedAt >= before && decidedAt <= Date().addingTimeInterval(1))
            try store.markHandleSent(intentIdentifier: "pay-1")
            guard case .sent(_, _, let sentAt)? = try open().journalEntry(intentIdentifier: "pay-1") else {
                Issue.record("sent without an answer should read back as sent")
                return
            }
            #expect(sentAt >= decidedAt)
            try store.finishHandling(intentIdentifier: "pay-1", response: "{\"code\":\"success\"}")
            guard case .finished(_, _, let response, let finishedAt)? = try open().journalEntry(intentIdentifier: "pay-1") else {
                Issue.record("answered should read back as finished")
                return
            }
            #expect(response == "{\"code\":\"success\"}" && finishedAt >= sentAt)
            #expect(try store.journalCount() == 1)
        case .sentIsNeverBegunAgain:
            #expect(try store.beginSending(intentIdentifier: "pay-1", app: "a", intent: "{}", state: Data("{\"n\":1}".utf8),
                                           session: "s", resending: false))
            if case .sent? = try store.journalEntry(intentIdentifier: "pay-1") {} else { Issue.record("beginSending marks sent") }
            #expect(try !store.beginHandling(intentIdentifier: "pay-1", app: "a", intent: "{}", state: Data("{\"n\":2}".utf8),
                                             session: "s", resending: false))
            #expect(try !store.beginSending(intentIdentifier: "pay-1", app: "a", intent: "{}", state: Data("{\"n\":2}".utf8),
                                            session: "s", resending: false))
            #expect(try store.conversationState(session: "s") == Data("{\"n\":1}".utf8), "a refused begin changes nothing")
            #expect(try store.beginHandling(intentIdentifier: "pay-1", app: "a", intent: "{}", state: Data("{\"n\":3}".utf8),
                                            session: "s", resending: true), "resending is allowed")
            #expect(try store.conversationState(session: "s") == Data("{\"n\":3}".utf8))
            #expect(try store.journalCount() == 1)
        case .decidedIsDecidedAgain:
            let other = try open()
            #expect(try store.beginHandling(intentIdentifier: "pay-1", app: "a", intent: "{}", state: nil, session: "s",
                                            resending: false))
            #expect(try other.beginHandling(intentIdentifier: "pay-1", app: "a", intent: "{}", state: nil, session: "s",
                                            resending: false), "decided but never sent: decided again")
            try store.markHandleSent(intentIdentifier: "pay-1")
            #expect(try !other.beginSending(intentIdentifier: "pay-1", app: "a", intent: "{}", state: nil, session: "s",
                                            resending: false), "sent by one: never sent by the other")
        case .stateGoesWithTheJournal:
            #expect(try store.beginHandling(intentIdentifier: "i1", app: "a", intent: "{}", state: Data("{\"stage\":1}".utf8),
                                            session: "s", resending: false))
            #expect(try open().conversationState(session: "s") == Data("{\"stage\":1}".utf8))
            #expect(try store.beginSending(intentIdentifier: "i2", app: "a", intent: "{}", state: nil, session: "s",
                                           resending: false))
            #expect(try open().conversationState(session: "s") == nil, "a nil state forgets the conversation")
        case .conversationsAreSavedAndForgotten:
            #expect(try store.conversationState(session: "s") == nil)
            try store.saveConversationState(Data("{\"a\":1}".utf8), session: "s")
            try store.saveConversationState(Data("{\"a\":2}".utf8), session: "s")
            try store.saveConversationState(Data("{\"b\":1}".utf8), session: "t")
            #expect(try open().conversationState(session: "s") == Data("{\"a\":2}".utf8))
            try store.saveConversationState(nil, session: "s")
            #expect(try open().conversationState(session: "s") == nil)
            #expect(try open().conversationState(session: "t") == Data("{\"b\":1}".utf8))
        case .unusedConversationsExpire:
            try store.addUser("kiki")
            let other = try store.forUser("kiki")
            for session in ["http-a", "http-started-a", "default", "wyoming-b"] {
                try store.saveConversationState(Data("{}".utf8), session: session)
            }
            try other.saveConversationState(Data("{}".utf8), session: "http-c")
            #expect(try store.beginHandling(intentIdentifier: "i1", app: "a", intent: "{}", state: Data("{}".utf8),
                                            session: "http-a", resending: false))
            #expect(try store.forgetConversations(prefix: "http-", untouchedSince: Date().addingTimeInterval(-3600),
                                                  keeping: []) == 0, "saved within the hour")
            #expect(try store.forgetConversations(prefix: "http-", untouchedSince: Date().addingTimeInterval(5),
                                                  keeping: ["http-a"]) == 2, "every user's, with the prefix only, but those kept")
            #expect(try store.forgetConversations(prefix: "http-", untouchedSince: Date().addingTimeInterval(5), keeping: []) == 1)
            #expect(try open().conversationState(session: "http-started-a") == nil)
            #expect(try open().forUser("kiki").conversationState(session: "http-c") == nil)
            #expect(try open().conversationState(session: "default") != nil)
            #expect(try open().conversationState(session: "wyoming-b") != nil)
            #expect(try store.journalEntry(intentIdentifier: "i1") != nil, "the journal is kept")
            // Marked as used, a conversation is kept; another saved as long ago is not.
            try store.saveConversationState(Data("{}".utf8), session: "http-kept")
            try other.saveConversationState(Data("{}".utf8), session: "http-gone")
            Thread.sleep(forTimeInterval: 1.2)
            let cutoff = Date().addingTimeInterval(-0.6)
            try store.keepConversations(sessions: ["http-kept", "http-nowhere"])
            #expect(try store.forgetConversations(prefix: "http-", untouchedSince: cutoff, keeping: []) == 1)
            #expect(try open().conversationState(session: "http-kept") != nil)
            #expect(try open().forUser("kiki").conversationState(session: "http-gone") == nil)
        case .appsInstallUpdateAndRemove:
            #expect(try store.install(Self.app()) == .installed)
            #expect(try store.install(Self.app("com.example.ant", name: "Ärger")) == .installed)
            try store.setPermission(.allowed, for: "com.example.chatterbox")
            var renamed = Self.app()
            renamed.displayName = "Chatterbox 2"
            #expect(try store.install(renamed) == .updated)
            #expect(try store.app("com.example.chatterbox")?.bundle.displayName == "Chatterbox 2")
            #expect(try store.app("com.example.chatterbox")?.permission == .allowed, "an update keeps the permission")
            #expect(try store.apps().map(\.bundle.displayName) == ["Ärger", "Chatterbox 2"], "by name, accents aside")
            var moved = Self.app()
            moved.path = "/elsewhere/Chatterbox.app"
            guard case .updatedAskingAgain = try store.install(moved) else {
                Issue.record("another folder under the same identifier is asked about again")
                return
            }
            #expect(try store.app("com.example.chatterbox")?.permission == .notDetermined)
            try store.remove("com.example.chatterbox")
            #expect(try store.app("com.example.chatterbox") == nil)
            #expect(throws: StoreError.self) { try store.remove("com.example.chatterbox") }
            #expect(throws: StoreError.self) { try store.setPermission(.allowed, for: "com.example.nothing") }
        case .permissionsAndPreferences:
            try store.install(Self.app())
            #expect(try store.app("com.example.chatterbox")?.permission == .notDetermined)
            try store.setPermission(.denied, for: "com.example.chatterbox")
            #expect(try open().app("com.example.chatterbox")?.permission == .denied)
            try store.setPermission(.notDetermined, for: "com.example.chatterbox")
            #expect(try open().app("com.example.chatterbox")?.permission == .notDetermined)
            #expect(try store.preferredApp(domain: "messaging") == nil)
            try store.setPreferredApp("com.example.chatterbox", domain: "messaging")
            #expect(try open().preferredApp(domain: "messaging") == "com.example.chatterbox")
            #expect(try store.preferredApps() == ["messaging": "com.example.chatterbox"])
            #expect(throws: StoreError.self) { try store.setPreferredApp("com.example.nothing", domain: "rides") }
            try store.setPreferredApp(nil, domain: "messaging")
            #expect(try store.preferredApps().isEmpty)
            #expect(try !store.defaultWasOffered(domain: "rides"))
            try store.markDefaultOffered(domain: "rides")
            #expect(try open().defaultWasOffered(domain: "rides"))
            #expect(try !store.opensWithoutAsking("com.example.chatterbox"))
            try store.setOpensWithoutAsking(true, for: "com.example.chatterbox")
            #expect(try open().opensWithoutAsking("com.example.chatterbox"))
            try store.setOpensWithoutAsking(false, for: "com.example.chatterbox")
            #expect(try !store.opensWithoutAsking("com.example.chatterbox"))
        case .vocabularyAndGeneration:
            try store.install(Self.app())
            let first = try store.vocabularyGeneration()
            #expect(try store.replaceVocabulary(["Zorro", "", "Ada", "Zorro"], type: .contactName,
                                                app: "com.example.chatterbox") == ["Zorro", "Ada"])
            #expect(try open().vocabularyGeneration() > first, "another process sees the change")
            #expect(try open().vocabulary().map(\.phrase) == ["Zorro", "Ada"])
            #expect(try store.vocabulary().map(\.position) == [0, 1])
            #expect(throws: StoreError.self) {
                try store.replaceVocabulary(["+44 20 7946 0958"], type: .contactName, app: "com.example.chatterbox")
            }
            try store.replaceVocabulary(["Bob"], type: .contactName, app: "com.example.chatterbox")
            #expect(try store.vocabulary().map(\.phrase) == ["Bob"])
            try store.remove("com.example.chatterbox")
            #expect(try store.vocabulary().isEmpty, "an app's vocabulary goes with it")
        case .settings:
            #expect(try !store.isSessionLocked())
            try store.setSessionLocked(true)
            #expect(try open().isSessionLocked())
            try store.setSessionLocked(false)
            #expect(try !open().isSessionLocked())
            #expect(try store.messageReadBack() == nil)
            try store.setMessageReadBack("always")
            try store.setMessageReadBack("never")
            #expect(try open().messageReadBack() == "never")
        case .usersAreAddedAndRemoved:
            #expect(try store.users() == ["owner"])
            try store.addUser("zed")
            try store.addUser("ada")
            #expect(try open().users() == ["owner", "ada", "zed"])
            #expect(throws: StoreError.self) { try store.addUser("ada") }
            #expect(throws: StoreError.self) { try store.addUser("Ada Lovelace") }
            #expect(throws: StoreError.self) { try store.removeUser("owner") }
            #expect(throws: StoreError.self) { try store.removeUser("bob") }
            #expect(throws: StoreError.self) { try store.forUser("bob") }
            try store.install(Self.app())
            let ada = try store.forUser("ada")
            try ada.setPermission(.allowed, for: "com.example.chatterbox")
            try ada.saveConversationState(Data("{}".utf8), session: "s")
            #expect(try ada.beginSending(intentIdentifier: "i1", app: "a", intent: "{}", state: nil, session: "t", resending: false))
            let token = try store.issueToken(for: "ada", device: "phone")
            try store.removeUser("ada")
            #expect(try store.user(forToken: token) == nil)
            try store.addUser("ada")
            let again = try store.forUser("ada")
            #expect(try again.app("com.example.chatterbox")?.permission == .notDetermined, "nothing of the old ada is left")
            #expect(try again.conversationState(session: "s") == nil)
            #expect(try again.journalCount() == 0)
        case .tokensAreHashedAndRevocable:
            try store.addUser("ada")
            let phone = try store.issueToken(for: "ada", device: "phone")
            let laptop = try store.issueToken(for: "ada", device: "laptop")
            #expect(phone.count == 64 && phone != laptop)
            #expect(try open().user(forToken: phone) == "ada")
            #expect(try store.user(forToken: "nope") == nil)
            try store.revokeToken(for: "ada", device: "phone")
            #expect(try open().user(forToken: phone) == nil)
            #expect(try store.user(forToken: laptop) == "ada")
            let again = try store.issueToken(for: "ada", device: "laptop")
            #expect(try store.user(forToken: laptop) == nil, "a new token for a device replaces its old one")
            #expect(try store.user(forToken: again) == "ada")
            #expect(try store.devices(of: "ada").map(\.device) == ["laptop"])
            #expect(try store.devices(of: nil).map(\.user) == ["ada"])
            #expect(throws: StoreError.self) { try store.revokeToken(for: "ada", device: "phone") }
            #expect(throws: StoreError.self) { try store.issueToken(for: "bob", device: "phone") }
            #expect(throws: StoreError.self) { try store.issueToken(for: "ada", device: "My Phone") }
        case .usersAreIsolated:
            try store.install(Self.app())
            try store.addUser("ada")
            let (owner, ada) = (store, try open().forUser("ada"))
            try ada.setPermission(.allowed, for: "com.example.chatterbox")
            #expect(try owner.app("com.example.chatterbox")?.permission == .notDetermined)
            #expect(try owner.apps().count == 1 && ada.apps().count == 1, "the apps are the home's")
            try ada.replaceVocabulary(["Zorro"], type: .contactName, app: "com.example.chatterbox")
            #expect(try owner.vocabulary().isEmpty && ada.vocabulary().map(\.phrase) == ["Zorro"])
            try ada.setPreferredApp("com.example.chatterbox", domain: "messaging")
            try ada.setMessageReadBack("always")
            try ada.markDefaultOffered(domain: "rides")
            try ada.setOpensWithoutAsking(true, for: "com.example.chatterbox")
            try ada.setSessionLocked(true)
            #expect(try owner.preferredApps().isEmpty && owner.messageReadBack() == nil)
            #expect(try !owner.defaultWasOffered(domain: "rides") && !owner.opensWithoutAsking("com.example.chatterbox"))
            #expect(try !owner.isSessionLocked())
            try ada.saveConversationState(Data("{}".utf8), session: "http-1")
            #expect(try owner.conversationState(session: "http-1") == nil)
            try owner.saveConversationState(nil, session: "http-1")
            #expect(try ada.conversationState(session: "http-1") != nil, "the owner's delete touches nothing of ada's")
            #expect(try ada.beginSending(intentIdentifier: "i1", app: "a", intent: "{}", state: nil, session: "s", resending: false))
            #expect(try owner.journalEntry(intentIdentifier: "i1") == nil)
            #expect(try owner.beginSending(intentIdentifier: "i1", app: "a", intent: "{}", state: nil, session: "s",
                                           resending: false), "the same intent id of another user is another intent")
            #expect(try owner.journalCount() == 1 && ada.journalCount() == 1)
        case .reopenedKeepsEverything:
            try store.install(Self.app())
            try store.setPermission(.allowed, for: "com.example.chatterbox")
            try store.addUser("ada")
            let reopened = try open()
            #expect(try reopened.app("com.example.chatterbox")?.permission == .allowed)
            #expect(try reopened.users() == ["owner", "ada"])
        case .twoProcessesSendOnce:
            // Several openings of one store race to send one intent, as servers sharing it would: one sends.
            let stores = try (0..<4).map { _ in try open() }
            let outcomes = Mutex<[Result<Bool, StoreError>]>([])
            DispatchQueue.concurrentPerform(iterations: 12) { index in
                let outcome = Result { () throws(StoreError) -> Bool in
                    try stores[index % stores.count].beginSending(intentIdentifier: "pay-1", app: "a", intent: "{}",
                                                                  state: Data("{\"by\":\(index)}".utf8), session: "s",
                                                                  resending: false)
                }
                outcomes.withLock { $0.append(outcome) }
            }
            let results = outcomes.withLock { $0 }
            #expect(results.count == 12)
            #expect(results.filter { (try? $0.get()) == true }.count == 1, "exactly one sends")
            #expect(results.allSatisfy { (try? $0.get()) != nil }, "no race fails: \(results)")
            #expect(try store.journalCount() == 1)
        }
    }
}

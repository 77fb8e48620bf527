import Foundation
import ParlanceCore
@testable import ParlanceStore
import GRDB
import Testing

/// The journal of handled intents read back in each of its states, from a home on disk opened again as
/// after a crash: decided (never sent), sent (no answer), finished. The decided state once trapped on
/// restart (a NULL `sentAt` read as a non-optional string), which only a killed assistant reached.
@Suite struct HandlingJournalTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-journal-\(UUID().uuidString)")

    @Test func everyStateReadsBackAfterReopening() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let before = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
        do {
            let store = try AssistantStore.open(home: home)
            #expect(try store.journalEntry(intentIdentifier: "pay-1") == nil)
            #expect(try store.beginHandling(intentIdentifier: "pay-1", app: "com.example.pay", intent: "{\"a\":1}",
                                            state: Data("{}".utf8), session: "s"))
        }
        guard case .decided(let app, let intent, let decidedAt)? = try AssistantStore.open(home: home)
            .journalEntry(intentIdentifier: "pay-1") else {
            Issue.record("decided but never sent should read back as decided")
            return
        }
        #expect(app == "com.example.pay" && intent == "{\"a\":1}")
        #expect(decidedAt >= before && decidedAt <= Date())

        try AssistantStore.open(home: home).markHandleSent(intentIdentifier: "pay-1")
        guard case .sent(_, _, let sentAt)? = try AssistantStore.open(home: home).journalEntry(intentIdentifier: "pay-1") else {
            Issue.record("sent without an answer should read back as sent")
            return
        }
        #expect(sentAt >= decidedAt)

        try AssistantStore.open(home: home).finishHandling(intentIdentifier: "pay-1", response: "{\"code\":\"success\"}")
        guard case .finished(_, _, let response, let finishedAt)? = try AssistantStore.open(home: home)
            .journalEntry(intentIdentifier: "pay-1") else {
            Issue.record("answered should read back as finished")
            return
        }
        #expect(response == "{\"code\":\"success\"}")
        #expect(finishedAt >= sentAt)
    }

    /// GRDB's pool sets `synchronous = NORMAL` with WAL, under which a commit is not synced: a power cut
    /// could lose a journalled "sent" and send a payment again after restart.
    @Test func commitsAreSyncedToDisk() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        for _ in 0..<2 {  // a new home, then the same home reopened
            let store = try AssistantStore.open(home: home)
            let level = try store.database.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA synchronous") }
            #expect(level == 2, "the writer's synchronous level should be FULL (2)")
        }
        // The writes a power cut may take back (state, decided) leave the writer synced for the next one.
        let store = try AssistantStore.open(home: home)
        try store.saveConversationState(Data("{}".utf8), session: "s")
        #expect(try store.beginHandling(intentIdentifier: "pay-2", app: "com.example.pay", intent: "{}",
                                        state: Data("{}".utf8), session: "s"))
        #expect(try store.database.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA synchronous") } == 2)
        #expect(try store.conversationState(session: "s") == Data("{}".utf8))
        if case .decided? = try store.journalEntry(intentIdentifier: "pay-2") {} else { Issue.record("not decided") }
    }

    /// "finished" is committed without its own sync and reaches the disk just after, off the caller's path.
    @Test func finishedIsSyncedJustAfter() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let store = try AssistantStore.open(home: home)
        let flusher = try #require(store.logFlusher)
        for number in 1...2 {
            #expect(try store.beginHandling(intentIdentifier: "pay-\(number)", app: "com.example.pay", intent: "{}",
                                            state: nil, session: "s"))
            try store.markHandleSent(intentIdentifier: "pay-\(number)")
            try store.finishHandling(intentIdentifier: "pay-\(number)", response: "{\"code\":\"success\"}")
        }
        flusher.waitUntilFlushed()
        #expect(flusher.report.allCarried)
        #expect(flusher.report.lastFailure == nil)
        #expect(try store.database.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA synchronous") } == 2)
        let reopened = try AssistantStore.open(home: home)
        for number in 1...2 {
            if case .finished? = try reopened.journalEntry(intentIdentifier: "pay-\(number)") {} else { Issue.record("pay-\(number)") }
        }
    }

    /// A flush is made only for what no synced commit has carried since.
    @Test func flushesOnlyWhatNoSyncCarried() throws {
        let store = try AssistantStore.open(home: home)
        defer { try? FileManager.default.removeItem(at: home) }
        // Never fires during the test: the scheduled flush is run by hand.
        let flusher = WriteAheadLogFlusher(databasePath: try #require(store.location).path, delay: .seconds(3_600))
        flusher.flushSoon()
        flusher.flushSoon()
        #expect(!flusher.report.allCarried)
        flusher.flush()
        #expect(flusher.report.flushes == 1 && flusher.report.allCarried && flusher.report.lastFailure == nil)
        flusher.flush()
        #expect(flusher.report.flushes == 1, "nothing left to carry")
        flusher.flushSoon()
        let carrying = flusher.pending
        flusher.flushSoon()  // after the synced commit began: not carried by it
        flusher.carried(through: carrying)
        #expect(!flusher.report.allCarried)
        flusher.flush()
        #expect(flusher.report.flushes == 2 && flusher.report.allCarried)
        flusher.flushSoon()
        flusher.carried(through: flusher.pending)
        flusher.flush()
        #expect(flusher.report.flushes == 2, "carried by a synced commit: no flush")
    }

    @Test func aFlushThatCannotSyncSaysWhy() {
        let flusher = WriteAheadLogFlusher(databasePath: "/nonexistent/parlance/assistant.sqlite")
        flusher.flushSoon()
        flusher.waitUntilFlushed()
        #expect(flusher.report.flushes == 1)
        #expect(!flusher.report.allCarried)
        #expect(flusher.report.lastFailure?.contains("cannot open /nonexistent/parlance/assistant.sqlite-wal") == true)
    }

    /// For an extension already running, the decision and the send are one synced write: it reads back as
    /// sent with the state saved, is refused once sent (unless resent), and turns a decided intent into sent.
    @Test func decidedAndSentInOneSyncedWrite() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let store = try AssistantStore.open(home: home)
        let flusher = try #require(store.logFlusher)
        try store.finishHandling(intentIdentifier: "none", response: "{}")  // an unsynced commit waiting for a sync
        #expect(try store.beginSending(intentIdentifier: "pay-3", app: "com.example.pay", intent: "{\"a\":3}",
                                       state: Data("{\"stage\":1}".utf8), session: "s"))
        #expect(flusher.report.allCarried, "the write is synced, and carries the commits before it")
        let reopened = try AssistantStore.open(home: home)
        guard case .sent(let app, let intent, let sentAt)? = try reopened.journalEntry(intentIdentifier: "pay-3") else {
            Issue.record("decided and sent at once should read back as sent")
            return
        }
        #expect(app == "com.example.pay" && intent == "{\"a\":3}")
        #expect(try reopened.conversationState(session: "s") == Data("{\"stage\":1}".utf8))
        #expect(try !reopened.beginSending(intentIdentifier: "pay-3", app: "com.example.pay", intent: "{}",
                                           state: Data("{\"stage\":2}".utf8), session: "s"), "never sent twice")
        #expect(try reopened.conversationState(session: "s") == Data("{\"stage\":1}".utf8), "a refusal changes nothing")
        #expect(try reopened.beginSending(intentIdentifier: "pay-3", app: "com.example.pay", intent: "{}",
                                          state: nil, session: "s", resending: true))
        guard case .sent(_, _, let resentAt)? = try reopened.journalEntry(intentIdentifier: "pay-3") else {
            Issue.record("resent: still sent")
            return
        }
        #expect(resentAt == sentAt, "the first send's time is kept")

        #expect(try reopened.beginHandling(intentIdentifier: "pay-4", app: "com.example.pay", intent: "{}", state: nil, session: "s"))
        #expect(try reopened.beginSending(intentIdentifier: "pay-4", app: "com.example.pay", intent: "{}", state: nil, session: "s"))
        if case .sent? = try reopened.journalEntry(intentIdentifier: "pay-4") {} else { Issue.record("decided, then sent") }
        #expect(try reopened.journalCount() == 2)
    }

    @Test func aSentIntentIsNotDecidedAgainUnlessResent() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let store = try AssistantStore.open(home: home)
        #expect(try store.beginHandling(intentIdentifier: "pay-2", app: "a", intent: "{}", state: nil, session: "s"))
        #expect(try store.beginHandling(intentIdentifier: "pay-2", app: "a", intent: "{}", state: nil, session: "s"),
                "decided but never sent: decided again")
        try store.markHandleSent(intentIdentifier: "pay-2")
        #expect(try !store.beginHandling(intentIdentifier: "pay-2", app: "a", intent: "{}", state: nil, session: "s"))
        #expect(try store.beginHandling(intentIdentifier: "pay-2", app: "a", intent: "{}", state: nil, session: "s",
                                        resending: true))
        #expect(try store.journalCount() == 1)
    }
}

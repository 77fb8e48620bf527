import Foundation
import GRDB
import ParlanceCore

extension AssistantStore: ConversationStore {
    // MARK: Conversations in progress

    /// The saved state of a session's conversation (JSON), or nil when none is in progress.
    public func conversationState(session: String) throws(StoreError) -> Data? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT state FROM conversations WHERE user = ? AND session = ?",
                                arguments: [self.user, session])
                .map { Data($0.utf8) }
        }
    }

    /// Saves (or, with nil, forgets) a session's conversation: kept through a crash when the call
    /// returns, through a power cut from the next synced write on.
    public func saveConversationState(_ state: Data?, session: String) throws(StoreError) {
        try writeUnsynced { db in try Self.saveConversationState(state, session: session, user: user, in: db) }
    }

    private static func saveConversationState(_ state: Data?, session: String, user: String, in db: Database) throws {
        if let state {
            try db.cachedStatement(sql: """
                INSERT INTO conversations (user, session, state, updatedAt) VALUES (?, ?, ?, ?)
                ON CONFLICT(user, session) DO UPDATE SET state = excluded.state, updatedAt = excluded.updatedAt
                """).execute(arguments: [user, session, String(decoding: state, as: UTF8.self), StoredDate.text(Date())])
        } else {
            try db.cachedStatement(sql: "DELETE FROM conversations WHERE user = ? AND session = ?")
                .execute(arguments: [user, session])
        }
    }

    /// Forgets every user's conversations in sessions named `prefix…` saved to last before `cutoff`.
    public func forgetConversations(prefix: String, untouchedSince cutoff: Date, keeping: [String]) throws(StoreError) -> Int {
        try writeUnsynced { db in
            try db.execute(sql: """
                DELETE FROM conversations WHERE substr(session, 1, ?) = ? AND updatedAt < ?
                AND session NOT IN (SELECT value FROM json_each(?))
                """, arguments: [prefix.unicodeScalars.count, prefix, StoredDate.text(cutoff), Self.jsonList(keeping)])
            return db.changesCount
        }
    }

    /// Session names as a JSON array, for `json_each`.
    private static func jsonList(_ sessions: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(sessions)) ?? Data("[]".utf8), as: UTF8.self)
    }

    /// Marks these sessions' saved conversations (any user's) as used now.
    public func keepConversations(sessions: [String]) throws(StoreError) {
        guard !sessions.isEmpty else { return }
        try writeUnsynced { db in
            try db.execute(sql: "UPDATE conversations SET updatedAt = ? WHERE session IN (SELECT value FROM json_each(?))",
                           arguments: [StoredDate.text(Date()), Self.jsonList(sessions)])
        }
    }

    // MARK: Journal of handled intents

    /// Records that handle is about to be called for an intent, and saves the session's state in the
    /// same transaction. An intent decided before but never sent is decided again. Returns false,
    /// changing nothing, when the intent was already sent, unless `resending`. Not synced by itself:
    /// `markHandleSent`, which must come before the request leaves, syncs it with its own.
    public func beginHandling(intentIdentifier: String, app: String, intent: String,
                              state: Data?, session: String, resending: Bool = false) throws(StoreError) -> Bool {
        try writeUnsynced { db in
            try Self.begin(intentIdentifier: intentIdentifier, app: app, intent: intent, state: state, session: session,
                           user: user, resending: resending, sentNow: false, in: db)
        }
    }

    /// `beginHandling` and `markHandleSent` in one synced transaction, for a request that leaves at once.
    public func beginSending(intentIdentifier: String, app: String, intent: String,
                             state: Data?, session: String, resending: Bool = false) throws(StoreError) -> Bool {
        try write { db in
            try Self.begin(intentIdentifier: intentIdentifier, app: app, intent: intent, state: state, session: session,
                           user: user, resending: resending, sentNow: true, in: db)
        }
    }

    private static func begin(intentIdentifier: String, app: String, intent: String, state: Data?, session: String,
                              user: String, resending: Bool, sentNow: Bool, in db: Database) throws -> Bool {
        let sent = try Row.fetchOne(db.cachedStatement(sql: "SELECT sentAt FROM handledIntents WHERE user = ? AND intentIdentifier = ?"),
                                    arguments: [user, intentIdentifier]).map { row -> Bool in
            let sentAt: DatabaseValue = row["sentAt"]
            return !sentAt.isNull
        }
        if sent == true, !resending { return false }
        let now = StoredDate.text(Date())
        if sent == nil {
            try db.cachedStatement(sql: """
                INSERT INTO handledIntents (user, intentIdentifier, appIdentifier, intent, startedAt, sentAt)
                VALUES (?, ?, ?, ?, ?, ?)
                """).execute(arguments: [user, intentIdentifier, app, intent, now, sentNow ? now : nil])
        } else if sentNow {
            try markSent(intentIdentifier, user: user, at: now, in: db)
        }
        try saveConversationState(state, session: session, user: user, in: db)
        return true
    }

    private static func markSent(_ intentIdentifier: String, user: String, at now: String, in db: Database) throws {
        try db.cachedStatement(sql: "UPDATE handledIntents SET sentAt = COALESCE(sentAt, ?) WHERE user = ? AND intentIdentifier = ?")
            .execute(arguments: [now, user, intentIdentifier])
    }

    /// Records that the handle request for an intent is being sent now; on disk when the call returns.
    public func markHandleSent(intentIdentifier: String) throws(StoreError) {
        try write { db in try Self.markSent(intentIdentifier, user: user, at: StoredDate.text(Date()), in: db) }
    }

    /// Records the response handle gave for an intent. Survives a crash when the call returns; on disk within
    /// moments, off the turn's path (`WriteAheadLogFlusher`): the answer need not wait for the disk, since a
    /// power cut in between leaves the intent "sent", which is never sent again by itself and is told as not known.
    public func finishHandling(intentIdentifier: String, response: String) throws(StoreError) {
        try writeUnsynced { db in
            try db.cachedStatement(sql: """
                UPDATE handledIntents SET response = ?, finishedAt = ? WHERE user = ? AND intentIdentifier = ?
                """).execute(arguments: [response, StoredDate.text(Date()), user, intentIdentifier])
        }
        logFlusher?.flushSoon()
    }

    /// What the journal holds for an intent, or nil when handle was never decided for it.
    public func journalEntry(intentIdentifier: String) throws(StoreError) -> JournalEntry? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT appIdentifier, intent, response, startedAt, sentAt, finishedAt FROM handledIntents
                WHERE user = ? AND intentIdentifier = ?
                """, arguments: [self.user, intentIdentifier]) else { return nil }
            let app: String = row["appIdentifier"]
            let intent: String = row["intent"]
            if let response: String = row["response"], let finished = StoredDate.date(row["finishedAt"]) {
                return .finished(app: app, intent: intent, response: response, at: finished)
            }
            if let sent = StoredDate.date(row["sentAt"]) { return .sent(app: app, intent: intent, at: sent) }
            return .decided(app: app, intent: intent, at: StoredDate.date(row["startedAt"]) ?? Date(timeIntervalSince1970: 0))
        }
    }

    /// How many intents the viewing user's journal holds (for tests and diagnostics).
    public func journalCount() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM handledIntents WHERE user = ?", arguments: [self.user]) ?? 0 }
    }

    // MARK: Session lock

    /// Whether the assistant's session is locked (set by `parlance lock` / `parlance unlock` and the API).
    public func isSessionLocked() throws(StoreError) -> Bool {
        // Asked at every turn: one SELECT reads a consistent snapshot by itself, so no transaction.
        do {
            return try readLatest { db in
                try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM settings WHERE user = ? AND key = 'sessionLocked'"),
                                    arguments: [self.user]) == "true"
            }
        } catch {
            throw StoreError(.database, "the store could not be read: \(error)")
        }
    }

    /// When the user wants messages read back before they are sent; nil: never chosen.
    public func messageReadBack() throws(StoreError) -> String? {
        do {
            return try readLatest { db in
                try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM settings WHERE user = ? AND key = 'messageReadBack'"),
                                    arguments: [self.user])
            }
        } catch {
            throw StoreError(.database, "the store could not be read: \(error)")
        }
    }

    /// Chooses when messages are read back (`always`, `whenUnsure`, `never`).
    public func setMessageReadBack(_ choice: String) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO settings (user, key, value) VALUES (?, 'messageReadBack', ?)
                ON CONFLICT(user, key) DO UPDATE SET value = excluded.value
                """, arguments: [self.user, choice])
        }
    }

    /// Locks or unlocks the assistant's session.
    public func setSessionLocked(_ locked: Bool) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO settings (user, key, value) VALUES (?, 'sessionLocked', ?)
                ON CONFLICT(user, key) DO UPDATE SET value = excluded.value
                """, arguments: [self.user, locked ? "true" : "false"])
        }
    }
}

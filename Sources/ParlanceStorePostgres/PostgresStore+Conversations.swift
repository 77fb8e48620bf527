import Foundation
import ParlanceCore

extension PostgresStore: ConversationStore {
    // MARK: Conversations in progress

    /// The saved state of a session's conversation (JSON), or nil when none is in progress. Read with the
    /// generation of what turns read (`store_changes`), which the current `StoreReadScope` records: a turn's
    /// later reads are of the database as it was then, or later.
    public func conversationState(session: String) throws(StoreError) -> Data? {
        let (state, generation) = try link.withConnection { connection -> (String?, Int?) in
            guard let row = try connection.rows("""
                SELECT generation, (SELECT state FROM conversations WHERE user_id = $1 AND session = $2) AS state
                FROM store_changes WHERE id = 1
                """, [.text(user), .text(session)]).first else { return (nil, nil) }
            return (try row["state"].decode(String?.self), try row["generation"].decode(Int.self))
        }
        link.noteGeneration(generation)
        return state.map { Data($0.utf8) }
    }

    /// Saves (or, with nil, forgets) a session's conversation, under the conversation's lock.
    public func saveConversationState(_ state: Data?, session: String) throws(StoreError) {
        // One statement, which is its own transaction: a turn saves its state often, and each round trip counts. Not
        // waited onto disk (`relaxed`): the journal's own saves of the state, before an app acts, are.
        try link.withConnection(.relaxed) { connection in
            try Self.saveConversationState(state, session: session, user: user, connection)
        }
    }

    /// Saves or forgets the state in one statement that first takes the conversation's lock (for the statement's
    /// transaction, or again, harmlessly, inside a transaction that holds it).
    private static func saveConversationState(_ state: Data?, session: String, user: String,
                                              _ connection: PostgresSession) throws {
        let lock = PostgresSession.Value.text(lockName(user, session))
        if let state {
            try connection.execute("""
                WITH locked AS (SELECT pg_advisory_xact_lock(hashtextextended($4, 0)))
                INSERT INTO conversations (user_id, session, state, updated_at) SELECT $1, $2, $3, now() FROM locked
                ON CONFLICT (user_id, session) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
                """, [.text(user), .text(session), .text(String(decoding: state, as: UTF8.self)), lock])
        } else {
            try connection.execute("""
                WITH locked AS (SELECT pg_advisory_xact_lock(hashtextextended($3, 0)))
                DELETE FROM conversations WHERE user_id = $1 AND session = $2 AND EXISTS (SELECT 1 FROM locked)
                """, [.text(user), .text(session), lock])
        }
    }

    /// Forgets every user's conversations in sessions named `prefix…` saved to last before `cutoff`, and the shown
    /// turns (as old) of conversations none of whose sessions is left. A save racing the delete wins: the row is
    /// checked again as saved.
    public func forgetConversations(prefix: String, untouchedSince cutoff: Date, keeping: [String]) throws(StoreError) -> Int {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let moment = PostgresSession.Value.text(formatter.string(from: cutoff))
        return try link.withConnection(.relaxed) { connection in
            let forgotten = try connection.execute("""
                DELETE FROM conversations WHERE left(session, length($1)) = $1 AND updated_at < $2::timestamptz
                AND session NOT IN (SELECT jsonb_array_elements_text($3::jsonb))
                """, [.text(prefix), moment, .text(Self.jsonList(keeping))])
            // The shown turns of conversations no longer kept: none of their sessions is left.
            _ = try connection.execute("""
                DELETE FROM conversation_turns t WHERE t.added_at < $1::timestamptz AND NOT EXISTS (
                    SELECT 1 FROM conversations c WHERE c.user_id = t.user_id AND left(c.session, length($2)) = $2
                    AND right(c.session, length(t.conversation)) = t.conversation)
                """, [moment, .text(prefix)])
            return forgotten
        }
    }

    /// Marks these sessions' saved conversations (any user's) as used now.
    public func keepConversations(sessions: [String]) throws(StoreError) {
        guard !sessions.isEmpty else { return }
        try link.withConnection(.relaxed) { connection in
            try connection.execute("""
                UPDATE conversations SET updated_at = now() WHERE session IN (SELECT jsonb_array_elements_text($1::jsonb))
                """, [.text(Self.jsonList(sessions))])
        }
    }

    /// Session names as a JSON array, for `jsonb_array_elements_text`.
    private static func jsonList(_ sessions: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(sessions)) ?? Data("[]".utf8), as: UTF8.self)
    }

    /// The text a conversation's advisory lock key is hashed from (a user's name has no '/'). A turn's lock
    /// (`PostgresTurnLock`) is another key: the turn's own writes, on other connections, take this one meanwhile.
    static func lockName(_ user: String, _ session: String, turn: Bool = false) -> String {
        "\(turn ? "turn" : "conversation")/\(user)/\(session)"
    }

    // MARK: Journal of handled intents

    /// Records that handle is about to be called for an intent and saves the session's state, in one
    /// transaction under the conversation's lock. Returns false, changing nothing, when the intent was already
    /// sent (by this instance or any other), unless `resending`.
    public func beginHandling(intentIdentifier: String, app: String, intent: String,
                              state: Data?, session: String, resending: Bool = false) throws(StoreError) -> Bool {
        try begin(intentIdentifier: intentIdentifier, app: app, intent: intent, state: state, session: session,
                  resending: resending, sentNow: false)
    }

    /// `beginHandling` and `markHandleSent` in one transaction, for a request that leaves at once.
    public func beginSending(intentIdentifier: String, app: String, intent: String,
                             state: Data?, session: String, resending: Bool = false) throws(StoreError) -> Bool {
        try begin(intentIdentifier: intentIdentifier, app: app, intent: intent, state: state, session: session,
                  resending: resending, sentNow: true)
    }

    /// One statement, its own transaction (`parlance_begin_intent`, made by migration 3): the conversation's lock,
    /// the intent's journal row locked (a concurrent begin or mark of it waits), the row added or marked sent, and
    /// the state saved or forgotten; nothing changes when the intent was already sent and this is not a resend.
    private func begin(intentIdentifier: String, app: String, intent: String, state: Data?, session: String,
                       resending: Bool, sentNow: Bool) throws(StoreError) -> Bool {
        try link.withConnection { connection in
            try connection.value(Bool.self, "SELECT parlance_begin_intent($1, $2, $3, $4, $5, $6, $7, $8, $9)", [
                .text(user), .text(intentIdentifier), .text(app), .text(intent),
                .optional(state.map { String(decoding: $0, as: UTF8.self) }), .text(session),
                .text(Self.lockName(user, session)), .bool(resending), .bool(sentNow),
            ]) ?? false
        }
    }

    private static func markSent(_ intentIdentifier: String, user: String, _ connection: PostgresSession) throws {
        try connection.execute("""
            UPDATE handled_intents SET sent_at = COALESCE(sent_at, now()) WHERE user_id = $1 AND intent_identifier = $2
            """, [.text(user), .text(intentIdentifier)])
    }

    /// Records that the handle request for an intent is being sent now; committed when the call returns.
    public func markHandleSent(intentIdentifier: String) throws(StoreError) {
        try link.withConnection { connection in try Self.markSent(intentIdentifier, user: user, connection) }
    }

    /// Records the response handle gave for an intent.
    public func finishHandling(intentIdentifier: String, response: String) throws(StoreError) {
        try link.withConnection { connection in
            try connection.execute("""
                UPDATE handled_intents SET response = $1, finished_at = now() WHERE user_id = $2 AND intent_identifier = $3
                """, [.text(response), .text(user), .text(intentIdentifier)])
        }
    }

    /// What the journal holds for an intent, or nil when handle was never decided for it.
    public func journalEntry(intentIdentifier: String) throws(StoreError) -> JournalEntry? {
        try link.withConnection { connection -> JournalEntry? in
            guard let row = try connection.rows("""
                SELECT app_identifier, intent, response, started_at, sent_at, finished_at FROM handled_intents
                WHERE user_id = $1 AND intent_identifier = $2
                """, [.text(user), .text(intentIdentifier)]).first else { return nil }
            let app = try row["app_identifier"].decode(String.self)
            let intent = try row["intent"].decode(String.self)
            if let response = try row["response"].decode(String?.self), let finished = try row["finished_at"].decode(Date?.self) {
                return .finished(app: app, intent: intent, response: response, at: finished)
            }
            if let sent = try row["sent_at"].decode(Date?.self) { return .sent(app: app, intent: intent, at: sent) }
            return .decided(app: app, intent: intent, at: try row["started_at"].decode(Date.self))
        }
    }

    /// How many intents the viewing user's journal holds (for tests and diagnostics).
    public func journalCount() throws(StoreError) -> Int {
        try link.withConnection { connection in
            try connection.value(Int.self, "SELECT count(*) FROM handled_intents WHERE user_id = $1", [.text(user)]) ?? 0
        }
    }

    // MARK: Settings

    /// Whether the viewing user's session is locked.
    public func isSessionLocked() throws(StoreError) -> Bool {
        try setting("sessionLocked") == "true"
    }

    /// Locks or unlocks the viewing user's session.
    public func setSessionLocked(_ locked: Bool) throws(StoreError) {
        try setSetting("sessionLocked", locked ? "true" : "false")
    }

    /// When the user wants messages read back before they are sent; nil: never chosen.
    public func messageReadBack() throws(StoreError) -> String? {
        try setting("messageReadBack")
    }

    /// Chooses when messages are read back (`always`, `whenUnsure`, `never`).
    public func setMessageReadBack(_ choice: String) throws(StoreError) {
        try setSetting("messageReadBack", choice)
    }

    func setting(_ key: String) throws(StoreError) -> String? {
        try link.cachedRead("setting/\(user)/\(key)") { connection -> (value: String?, generation: Int?) in
            guard let row = try connection.rows("""
                SELECT generation, (SELECT value FROM settings WHERE user_id = $1 AND key = $2) AS value
                FROM store_changes WHERE id = 1
                """, [.text(user), .text(key)]).first else { return (nil, nil) }
            return (try row["value"].decode(String?.self), try row["generation"].decode(Int.self))
        }
    }

    func setSetting(_ key: String, _ value: String) throws(StoreError) {
        try link.changing(inTransaction: false) { connection in
            try connection.execute("""
                INSERT INTO settings (user_id, key, value) VALUES ($1, $2, $3)
                ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value
                """, [.text(user), .text(key), .text(value)])
        }
    }
}

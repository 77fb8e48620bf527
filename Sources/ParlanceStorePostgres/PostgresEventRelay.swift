import Foundation
import Logging
import NIOCore
import NIOPosix
import ParlanceCore
import PostgresNIO

/// The turns of shared conversations in PostgreSQL (`conversation_turns`), each announced with `NOTIFY` on
/// `parlance_turns` in the statement that keeps it: every server `LISTEN`s on one connection of its own and hears
/// which conversation another server added a turn to. The payload names the server that kept the turn, so a
/// server passes over its own.
public final class PostgresEventRelay: ConversationEventRelay {
    private let link: PostgresLink
    /// This server among those sharing the database.
    private let server = UUID().uuidString.lowercased()
    /// How many turns of a conversation are kept (a device that comes back later reads the saved state).
    static let keptTurns = 200
    static let channel = "parlance_turns"

    public init(store: PostgresStore) {
        link = store.link
    }

    public func append(user: String, conversation: String, turn: [UInt8], questionNumber: Int?,
                       after known: Int) throws(StoreError) -> (sequence: Int, missed: [RelayedTurn]) {
        let text = String(decoding: turn, as: UTF8.self)
        // Turns of one conversation come one at a time (its turn lock); a turn that comes on its own (a ride's
        // news) may meet another's number, and takes the next.
        for attempt in 1...5 {
            do throws(StoreError) {
                // The turns a device is shown are not waited onto disk (`relaxed`): the conversation's state and
                // the journal tell what a lost one said. The turns missed are read in the same statement (a round
                // trip less), from its snapshot: without the new one.
                let (sequence, missed) = try link.withConnection(.relaxed) { session -> (Int, [RelayedTurn]) in
                    let rows = try session.rows("""
                        WITH added AS (
                            INSERT INTO conversation_turns (user_id, conversation, sequence, turn, question_number, added_at)
                            SELECT $1, $2, COALESCE(MAX(sequence), 0) + 1, $3, $4, now() FROM conversation_turns
                                WHERE user_id = $1 AND conversation = $2
                            RETURNING sequence),
                        told AS (
                            SELECT sequence, pg_notify($5, json_build_object('server', $6::text, 'user', $1::text,
                                'conversation', $2::text, 'sequence', sequence)::text) FROM added),
                        missed AS (
                            SELECT sequence, turn, question_number FROM conversation_turns
                            WHERE user_id = $1 AND conversation = $2 AND sequence > $7)
                        SELECT told.sequence AS added, missed.sequence, missed.turn, missed.question_number
                        FROM told LEFT JOIN missed ON true ORDER BY missed.sequence
                        """, [.text(user), .text(conversation), .text(text), questionNumber.map { .int($0) } ?? .null,
                              .text(Self.channel), .text(server), .int(known)])
                    guard let first = rows.first else { throw StoreError(.database, "the turn was not kept") }
                    let missed = try rows.compactMap { row -> RelayedTurn? in
                        guard let sequence = try row["sequence"].decode(Int?.self) else { return nil }
                        return RelayedTurn(sequence: sequence, turn: Array(try row["turn"].decode(String.self).utf8),
                                           questionNumber: try row["question_number"].decode(Int?.self))
                    }
                    return (try first["added"].decode(Int.self), missed)
                }
                if sequence % 50 == 0 {
                    _ = try link.withConnection(.relaxed) { session in
                        try session.execute("DELETE FROM conversation_turns WHERE user_id = $1 AND conversation = $2 AND sequence <= $3",
                                            [.text(user), .text(conversation), .int(sequence - Self.keptTurns)])
                    }
                }
                return (sequence, missed)
            } catch where error.message.contains("duplicate key") && attempt < 5 {
                continue
            }
        }
        throw StoreError(.database, "the turn could not be numbered")
    }

    public func turns(user: String, conversation: String, after sequence: Int) throws(StoreError) -> [RelayedTurn] {
        try link.withConnection { session in
            try session.rows("""
                SELECT sequence, turn, question_number FROM conversation_turns
                WHERE user_id = $1 AND conversation = $2 AND sequence > $3 ORDER BY sequence
                """, [.text(user), .text(conversation), .int(sequence)]).map { row in
                RelayedTurn(sequence: try row["sequence"].decode(Int.self),
                            turn: Array(try row["turn"].decode(String.self).utf8),
                            questionNumber: try row["question_number"].decode(Int?.self))
            }
        }
    }

    public func forget(user: String, conversation: String) throws(StoreError) {
        _ = try link.withConnection(.relaxed) { session in
            try session.rows("""
                WITH gone AS (DELETE FROM conversation_turns WHERE user_id = $1 AND conversation = $2)
                SELECT pg_notify($3, json_build_object('server', $4::text, 'user', $1::text, 'conversation', $2::text,
                    'sequence', 0, 'ended', true)::text)
                """, [.text(user), .text(conversation), .text(Self.channel), .text(server)])
        }
    }

    public func listen(_ onChange: @escaping @Sendable (RelayedChange) async -> Void) async {
        var pause = Duration.milliseconds(100)
        while !Task.isCancelled {
            do {
                let connection = try await link.connectWaiting()
                defer { connection.close().whenComplete { _ in withExtendedLifetime(connection) {} } }
                try await connection.listen(on: Self.channel) { [server] notifications in
                    pause = .milliseconds(100)
                    for try await notification in notifications {
                        guard let change = try? JSONDecoder().decode(Notice.self, from: Data(notification.payload.utf8)),
                              change.server != server else { continue }
                        await onChange(RelayedChange(user: change.user, conversation: change.conversation,
                                                     sequence: change.sequence, ended: change.ended ?? false))
                    }
                }
            } catch {
                if Task.isCancelled { return }
                link.logger.warning("listening for other servers' turns failed, trying again: \(PostgresLink.describe(error))")
            }
            // The connection ended (the database restarted): listen again after a pause that grows to a few seconds.
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(5))
        }
    }

    private struct Notice: Decodable {
        let server: String
        let user: String
        let conversation: String
        let sequence: Int
        let ended: Bool?
    }
}

import Foundation
import ParlanceCore

/// The PostgreSQL store's tables, as numbered migrations recorded in `parlance_migrations`; never edit a shipped
/// migration, add a new one. The tables are those of the SQLite store as they are today (one user column in
/// every table of what a user owns, part of its key), in snake case: `user` is a reserved word here.
enum PostgresSchema {
    /// One step: its number, what it does, and its statements.
    struct Migration {
        var version: Int
        var name: String
        var statements: [String]
    }

    /// The key of the advisory lock that serialises migrations, so that instances starting together migrate once.
    static let migrationLock = 0x5041_524C_414E_4345  // "PARLANCE"

    static let migrations: [Migration] = [
        Migration(version: 1, name: "apps, users, permissions, vocabulary, conversations, journal, settings", statements: [
            """
            CREATE TABLE apps (identifier text PRIMARY KEY, display_name text NOT NULL, path text NOT NULL,
                manifest text NOT NULL, installed_at timestamptz NOT NULL, updated_at timestamptz NOT NULL)
            """,
            "CREATE TABLE users (id text PRIMARY KEY, created_at timestamptz NOT NULL)",
            "INSERT INTO users (id, created_at) VALUES ('owner', now())",
            """
            CREATE TABLE user_tokens (user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                device text NOT NULL, token_hash text NOT NULL UNIQUE, created_at timestamptz NOT NULL,
                PRIMARY KEY (user_id, device))
            """,
            """
            CREATE TABLE permissions (user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                app_identifier text NOT NULL REFERENCES apps(identifier) ON DELETE CASCADE,
                state text NOT NULL, decided_at timestamptz NOT NULL, code_fingerprint text,
                PRIMARY KEY (user_id, app_identifier))
            """,
            """
            CREATE TABLE user_vocabulary (user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                app_identifier text NOT NULL, type text NOT NULL, position integer NOT NULL, phrase text NOT NULL,
                PRIMARY KEY (user_id, app_identifier, type, position))
            """,
            "CREATE TABLE vocabulary_generation (id integer PRIMARY KEY, generation bigint NOT NULL)",
            "INSERT INTO vocabulary_generation (id, generation) VALUES (1, 0)",
            """
            CREATE TABLE conversations (user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                session text NOT NULL, state text NOT NULL, updated_at timestamptz NOT NULL,
                PRIMARY KEY (user_id, session))
            """,
            """
            CREATE TABLE handled_intents (user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                intent_identifier text NOT NULL, app_identifier text NOT NULL, intent text NOT NULL, response text,
                started_at timestamptz NOT NULL, sent_at timestamptz, finished_at timestamptz,
                PRIMARY KEY (user_id, intent_identifier))
            """,
            """
            CREATE TABLE settings (user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                key text NOT NULL, value text NOT NULL, PRIMARY KEY (user_id, key))
            """,
            """
            CREATE TABLE preferred_apps (user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                domain text NOT NULL, app_identifier text NOT NULL REFERENCES apps(identifier) ON DELETE CASCADE,
                PRIMARY KEY (user_id, domain))
            """,
            """
            CREATE TABLE apps_opened_without_asking (user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                app_identifier text NOT NULL REFERENCES apps(identifier) ON DELETE CASCADE,
                code_fingerprint text NOT NULL, decided_at timestamptz NOT NULL, PRIMARY KEY (user_id, app_identifier))
            """,
        ]),
        Migration(version: 2, name: "the turns of conversations shared by several servers", statements: [
            """
            CREATE TABLE conversation_turns (user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                conversation text NOT NULL, sequence integer NOT NULL, turn text NOT NULL, question_number integer,
                added_at timestamptz NOT NULL, PRIMARY KEY (user_id, conversation, sequence))
            """,
        ]),
        Migration(version: 3, name: "a generation of what turns read, and the journal's begin in one statement", statements: [
            // One number that every change to what a turn reads (apps, permissions, users, settings, preferences,
            // vocabulary) moves on, in the changing transaction: equal numbers, equal contents.
            "CREATE TABLE store_changes (id integer PRIMARY KEY, generation bigint NOT NULL)",
            "INSERT INTO store_changes (id, generation) VALUES (1, 0)",
            """
            CREATE FUNCTION parlance_note_store_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                UPDATE store_changes SET generation = generation + 1 WHERE id = 1;
                RETURN NULL;
            END $$
            """,
        ] + ["apps", "users", "permissions", "user_vocabulary", "vocabulary_generation", "settings", "preferred_apps",
             "apps_opened_without_asking"].map { table in
            """
            CREATE TRIGGER \(table)_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(table)
                FOR EACH STATEMENT EXECUTE FUNCTION parlance_note_store_change()
            """
        } + [
            // `PostgresStore.begin`: the conversation's lock, the journal's row (locked), the row written or
            // marked sent, the state saved or forgotten, in the caller's one statement (its own transaction).
            """
            CREATE FUNCTION parlance_begin_intent(the_user text, the_intent text, the_app text, the_request text,
                the_state text, the_session text, the_lock text, resending boolean, sent_now boolean)
            RETURNS boolean LANGUAGE plpgsql AS $$
            DECLARE
                sent boolean;
            BEGIN
                PERFORM pg_advisory_xact_lock(hashtextextended(the_lock, 0));
                SELECT handled_intents.sent_at IS NOT NULL INTO sent FROM handled_intents
                    WHERE user_id = the_user AND intent_identifier = the_intent FOR UPDATE;
                IF NOT FOUND THEN
                    INSERT INTO handled_intents (user_id, intent_identifier, app_identifier, intent, started_at, sent_at)
                    VALUES (the_user, the_intent, the_app, the_request, now(), CASE WHEN sent_now THEN now() END);
                ELSIF sent AND NOT resending THEN
                    RETURN false;
                ELSIF sent_now THEN
                    UPDATE handled_intents SET sent_at = COALESCE(sent_at, now())
                        WHERE user_id = the_user AND intent_identifier = the_intent;
                END IF;
                IF the_state IS NULL THEN
                    DELETE FROM conversations WHERE user_id = the_user AND session = the_session;
                ELSE
                    INSERT INTO conversations (user_id, session, state, updated_at)
                    VALUES (the_user, the_session, the_state, now())
                    ON CONFLICT (user_id, session) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at;
                END IF;
                RETURN true;
            END $$
            """,
        ]),
    ]

    /// Brings the database to the newest version in one transaction; the steps already recorded
    /// are skipped. Two processes migrating at once take turns on an advisory lock.
    static func migrate(_ link: PostgresLink) throws(StoreError) {
        try link.transaction { session in
            try session.execute("SELECT pg_advisory_xact_lock($1)", [.int(migrationLock)])
            try session.execute("""
                CREATE TABLE IF NOT EXISTS parlance_migrations (version integer PRIMARY KEY, name text NOT NULL,
                    applied_at timestamptz NOT NULL)
                """)
            let applied = Set(try session.rows("SELECT version FROM parlance_migrations").map { try $0[0].decode(Int.self) })
            if let newest = applied.max(), newest > (migrations.last?.version ?? 0) {
                throw StoreError(.cannotOpen, "the PostgreSQL store \(link.address) was made by a newer Parlance "
                                 + "(schema version \(newest)); upgrade Parlance to use it")
            }
            for migration in migrations where !applied.contains(migration.version) {
                for statement in migration.statements { try session.execute(statement) }
                try session.execute("INSERT INTO parlance_migrations (version, name, applied_at) VALUES ($1, $2, now())",
                                    [.int(migration.version), .text(migration.name)])
            }
        }
    }

    /// The schema versions applied to the database.
    static func appliedVersions(_ link: PostgresLink) throws(StoreError) -> [Int] {
        try link.withConnection { session in
            try session.rows("SELECT version FROM parlance_migrations ORDER BY version").map { try $0[0].decode(Int.self) }
        }
    }

    /// Marks that user vocabulary or an installed app changed, so running assistants reload it.
    static func bumpVocabularyGeneration(_ session: PostgresSession) throws {
        try session.execute("UPDATE vocabulary_generation SET generation = generation + 1 WHERE id = 1")
    }
}

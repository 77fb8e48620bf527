import Foundation
import GRDB

extension StoreSchema {
    /// Users (`HomeUser`): a `users` table with `owner` in it, device tokens kept as their SHA-256, and a `user`
    /// column in every table of what a user owns (permissions, user vocabulary, conversations, the journal of
    /// handled intents, settings, preferred apps, apps opened without asking), part of each primary key. What
    /// the home held before is the owner's. Installed apps, the vocabulary generation and the inbox's record stay
    /// shared. A user's rows go with the user.
    static func registerUsers(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v8 users") { db in
            try db.create(table: "users") { t in
                t.primaryKey("id", .text)
                t.column("createdAt", .datetime).notNull()
            }
            try db.execute(sql: "INSERT INTO users (id, createdAt) VALUES ('owner', ?)", arguments: [StoredDate.text(Date())])
            try db.create(table: "userTokens") { t in
                t.column("user", .text).notNull().references("users", onDelete: .cascade)
                t.column("device", .text).notNull()
                t.column("tokenHash", .text).notNull().unique()  // 64 lowercase hex digits
                t.column("createdAt", .datetime).notNull()
                t.primaryKey(["user", "device"])
            }
            for table in userTables {
                try db.execute(sql: "ALTER TABLE \(table.name) RENAME TO \(table.name)_beforeUsers")
                try db.execute(sql: "CREATE TABLE \(table.name) (\(table.columns), PRIMARY KEY (\(table.key)))")
                let copied = table.copied.joined(separator: ", ")
                try db.execute(sql: """
                    INSERT INTO \(table.name) (user, \(copied)) SELECT 'owner', \(copied) FROM \(table.name)_beforeUsers
                    """)
                try db.execute(sql: "DROP TABLE \(table.name)_beforeUsers")
            }
        }
    }

    /// Each per-user table as it is from v8 on.
    private static let userTables: [(name: String, columns: String, key: String, copied: [String])] = [
        ("permissions", """
            user TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            appIdentifier TEXT NOT NULL REFERENCES apps(identifier) ON DELETE CASCADE,
            state TEXT NOT NULL, decidedAt DATETIME NOT NULL, codeFingerprint TEXT
            """, "user, appIdentifier", ["appIdentifier", "state", "decidedAt", "codeFingerprint"]),
        ("userVocabulary", """
            user TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            appIdentifier TEXT NOT NULL, type TEXT NOT NULL, position INTEGER NOT NULL, phrase TEXT NOT NULL
            """, "user, appIdentifier, type, position", ["appIdentifier", "type", "position", "phrase"]),
        ("conversations", """
            user TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            session TEXT NOT NULL, state TEXT NOT NULL, updatedAt DATETIME NOT NULL
            """, "user, session", ["session", "state", "updatedAt"]),
        ("handledIntents", """
            user TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            intentIdentifier TEXT NOT NULL, appIdentifier TEXT NOT NULL, intent TEXT NOT NULL, response TEXT,
            startedAt DATETIME NOT NULL, finishedAt DATETIME, sentAt DATETIME
            """, "user, intentIdentifier",
         ["intentIdentifier", "appIdentifier", "intent", "response", "startedAt", "finishedAt", "sentAt"]),
        ("settings", """
            user TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE, key TEXT NOT NULL, value TEXT NOT NULL
            """, "user, key", ["key", "value"]),
        ("preferredApps", """
            user TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            domain TEXT NOT NULL, appIdentifier TEXT NOT NULL REFERENCES apps(identifier) ON DELETE CASCADE
            """, "user, domain", ["domain", "appIdentifier"]),
        ("appsOpenedWithoutAsking", """
            user TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            appIdentifier TEXT NOT NULL REFERENCES apps(identifier) ON DELETE CASCADE,
            codeFingerprint TEXT NOT NULL, decidedAt DATETIME NOT NULL
            """, "user, appIdentifier", ["appIdentifier", "codeFingerprint", "decidedAt"]),
    ]
}

import Foundation
import GRDB

/// The store's tables, as numbered migrations; never edit a shipped migration, add a new one.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 apps and permissions") { db in
            try db.create(table: "apps") { t in
                t.primaryKey("identifier", .text)
                t.column("displayName", .text).notNull()
                t.column("path", .text).notNull()
                t.column("manifest", .text).notNull()
                t.column("installedAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "permissions") { t in
                t.primaryKey("appIdentifier", .text).references("apps", onDelete: .cascade)
                t.column("state", .text).notNull()
                t.column("decidedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v2 user vocabulary") { db in
            try db.create(table: "userVocabulary") { t in
                t.column("appIdentifier", .text).notNull()
                t.column("type", .text).notNull()
                t.column("position", .integer).notNull()
                t.column("phrase", .text).notNull()
                t.primaryKey(["appIdentifier", "type", "position"])
            }
            try db.create(table: "vocabularyGeneration") { t in
                t.primaryKey("id", .integer)
                t.column("generation", .integer).notNull()
            }
            try db.execute(sql: "INSERT INTO vocabularyGeneration (id, generation) VALUES (1, 0)")
            try db.create(table: "appliedVocabularyInbox") { t in
                t.primaryKey("name", .text)
                t.column("appliedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v3 conversations, journal and session") { db in
            try db.create(table: "conversations") { t in
                t.primaryKey("session", .text)
                t.column("state", .text).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "handledIntents") { t in
                t.primaryKey("intentIdentifier", .text)
                t.column("appIdentifier", .text).notNull()
                t.column("intent", .text).notNull()
                t.column("response", .text)
                t.column("startedAt", .datetime).notNull()
                t.column("finishedAt", .datetime)
            }
            try db.create(table: "settings") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("v4 preferred apps") { db in
            try db.create(table: "preferredApps") { t in
                t.primaryKey("domain", .text)
                t.column("appIdentifier", .text).notNull().references("apps", onDelete: .cascade)
            }
        }
        migrator.registerMigration("v5 handle sent apart from decided") { db in
            // Rows written before this step were recorded just before handle was called: count them as sent.
            try db.alter(table: "handledIntents") { t in t.add(column: "sentAt", .datetime) }
            try db.execute(sql: "UPDATE handledIntents SET sentAt = startedAt")
        }
        registerHandOffConsent(&migrator)
        registerPermissionCode(&migrator)
        registerUsers(&migrator)
        return migrator
    }

    /// Marks that user vocabulary changed, so running assistants reload it on their next request.
    static func bumpVocabularyGeneration(_ db: Database) throws {
        try db.execute(sql: "UPDATE vocabularyGeneration SET generation = generation + 1 WHERE id = 1")
    }
}

/// A record whose dates the store converts itself (`StoredDate`), never through GRDB's ICU formatter.
protocol StoredDateRecord: FetchableRecord, EncodableRecord {}

extension StoredDateRecord {
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .custom { StoredDate.date($0) }
    }

    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .custom { StoredDate.text($0) }
    }
}

struct AppRow: Codable, StoredDateRecord, PersistableRecord {
    static let databaseTableName = "apps"
    var identifier: String
    var displayName: String
    var path: String
    var manifest: String
    var installedAt: Date
    var updatedAt: Date

    /// What apps are listed by: the display name without case or accents ("Émile" beside "Emma").
    var nameOrder: String {
        String(String.UnicodeScalarView(displayName.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
            .filter { $0.properties.generalCategory != .nonspacingMark }))
    }
}

struct PermissionRow: Codable, StoredDateRecord, PersistableRecord {
    static let databaseTableName = "permissions"
    var user: String
    var appIdentifier: String
    var state: String
    var decidedAt: Date
}

struct VocabularyRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "userVocabulary"
    var user: String
    var appIdentifier: String
    var type: String
    var position: Int
    var phrase: String

    /// Read by column, not through `Decodable`: a start reads every row (10,000 of them and more).
    init(row: Row) {
        user = row["user"]
        appIdentifier = row["appIdentifier"]
        type = row["type"]
        position = row["position"]
        phrase = row["phrase"]
    }
}

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
        return migrator
    }
}

struct AppRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "apps"
    var identifier: String
    var displayName: String
    var path: String
    var manifest: String
    var installedAt: Date
    var updatedAt: Date
}

struct PermissionRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "permissions"
    var appIdentifier: String
    var state: String
    var decidedAt: Date
}

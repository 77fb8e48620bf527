import GRDB

extension StoreSchema {
    /// Each permission remembers the code fingerprint of the app it was decided for (NULL for decisions made
    /// before: those count as made for the code the app was installed with).
    static func registerPermissionCode(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v7 permission bound to the app's code") { db in
            try db.alter(table: "permissions") { t in t.add(column: "codeFingerprint", .text) }
        }
    }
}

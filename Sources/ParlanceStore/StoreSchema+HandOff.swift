import GRDB

extension StoreSchema {
    /// The apps the user lets the assistant open without asking ("always" at "Open MonkeyChat to finish
    /// this?"), each with the code fingerprint it was said for; a row goes with its app.
    static func registerHandOffConsent(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6 apps opened without asking") { db in
            try db.create(table: "appsOpenedWithoutAsking") { t in
                t.primaryKey("appIdentifier", .text).references("apps", onDelete: .cascade)
                t.column("codeFingerprint", .text).notNull()  // "" when the app's code could not be read
                t.column("decidedAt", .datetime).notNull()
            }
        }
    }
}

import Foundation
import GRDB
import ParlanceCore

extension AssistantStore {
    // MARK: Opening apps without asking

    /// Whether the user said "always" for this app's code as installed now (an update that changed its code,
    /// launch command included, is asked about again).
    public func opensWithoutAsking(_ identifier: String) throws(StoreError) -> Bool {
        guard let app = try app(identifier) else { return false }
        let stored = try read { db in
            try String.fetchOne(db, sql: "SELECT codeFingerprint FROM appsOpenedWithoutAsking WHERE user = ? AND appIdentifier = ?",
                                arguments: [self.user, identifier])
        }
        return stored != nil && stored == (app.bundle.codeFingerprint ?? "")
    }

    /// Records "always" for an installed app's current code, or takes it back. (Should the app be updated
    /// between reading its code and writing, the fingerprint is the older one: the next hand-off asks.)
    public func setOpensWithoutAsking(_ always: Bool, for identifier: String) throws(StoreError) {
        let fingerprint = try app(identifier)?.bundle.codeFingerprint ?? ""
        try write { db in
            guard try AppRow.exists(db, key: identifier) else { throw self.notInstalled(identifier, db) }
            guard always else {
                try db.execute(sql: "DELETE FROM appsOpenedWithoutAsking WHERE user = ? AND appIdentifier = ?",
                               arguments: [self.user, identifier])
                return
            }
            try db.execute(sql: """
                INSERT INTO appsOpenedWithoutAsking (user, appIdentifier, codeFingerprint, decidedAt) VALUES (?, ?, ?, ?)
                ON CONFLICT(user, appIdentifier) DO UPDATE SET codeFingerprint = excluded.codeFingerprint, decidedAt = excluded.decidedAt
                """, arguments: [self.user, identifier, fingerprint, StoredDate.text(Date())])
        }
    }

    /// The installed apps the user lets the assistant open without asking (for their code as installed now).
    public func appsOpenedWithoutAsking() throws(StoreError) -> [String] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT appsOpenedWithoutAsking.appIdentifier AS identifier, codeFingerprint, manifest
                FROM appsOpenedWithoutAsking JOIN apps ON apps.identifier = appsOpenedWithoutAsking.appIdentifier
                WHERE appsOpenedWithoutAsking.user = ? ORDER BY identifier
                """, arguments: [self.user])
                .filter { (row: Row) in (row["codeFingerprint"] as String) == Self.fingerprint(manifest: row["manifest"]) }
                .map { $0["identifier"] }
        }
    }

    /// The code fingerprint an app's recorded manifest carries ("" when its code could not be read).
    private static func fingerprint(manifest: String) -> String {
        (try? JSONDecoder().decode(AppBundle.self, from: Data(manifest.utf8)))?.codeFingerprint ?? ""
    }
}

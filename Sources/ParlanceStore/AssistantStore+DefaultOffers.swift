import GRDB
import ParlanceCore

extension AssistantStore {
    // MARK: Default offers

    /// Whether the assistant already offered to make an app the domain's default ("Use MonkeyRide for rides
    /// from now on?"): it offers once per domain, ever, whatever the answer was.
    public func defaultWasOffered(domain: String) throws(StoreError) -> Bool {
        try read { db in
            try String.fetchOne(db, sql: "SELECT value FROM settings WHERE user = ? AND key = ?",
                                arguments: [self.user, Self.offerKey(domain)]) != nil
        }
    }

    /// Records that the domain's default was offered.
    public func markDefaultOffered(domain: String) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO settings (user, key, value) VALUES (?, ?, 'true')
                ON CONFLICT(user, key) DO UPDATE SET value = excluded.value
                """, arguments: [self.user, Self.offerKey(domain)])
        }
    }

    private static func offerKey(_ domain: String) -> String { "defaultOffered." + domain }
}

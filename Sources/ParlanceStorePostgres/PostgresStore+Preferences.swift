import Foundation
import ParlanceCore

extension PostgresStore {
    // MARK: Preferred apps

    /// The app the viewing user chose for a domain's requests that name no app, if any.
    public func preferredApp(domain: String) throws(StoreError) -> String? {
        try link.cachedRead("preferredApp/\(user)/\(domain)") { session -> (value: String?, generation: Int?) in
            guard let row = try session.rows("""
                SELECT generation,
                    (SELECT app_identifier FROM preferred_apps WHERE user_id = $1 AND domain = $2) AS app_identifier
                FROM store_changes WHERE id = 1
                """, [.text(user), .text(domain)]).first else { return (nil, nil) }
            return (try row["app_identifier"].decode(String?.self), try row["generation"].decode(Int.self))
        }
    }

    /// Every domain's preferred app.
    public func preferredApps() throws(StoreError) -> [String: String] {
        try link.withConnection { session in
            Dictionary(uniqueKeysWithValues: try session.rows(
                "SELECT domain, app_identifier FROM preferred_apps WHERE user_id = $1", [.text(user)]
            ).map { (try $0["domain"].decode(String.self), try $0["app_identifier"].decode(String.self)) })
        }
    }

    /// Makes an installed app the one a domain's requests go to when they name no app (nil: none).
    public func setPreferredApp(_ identifier: String?, domain: String) throws(StoreError) {
        try link.changing { session in
            guard let identifier else {
                try session.execute("DELETE FROM preferred_apps WHERE user_id = $1 AND domain = $2", [.text(user), .text(domain)])
                return
            }
            guard try session.value(String.self, "SELECT identifier FROM apps WHERE identifier = $1", [.text(identifier)]) != nil else {
                throw try notInstalled(identifier, session)
            }
            try session.execute("""
                INSERT INTO preferred_apps (user_id, domain, app_identifier) VALUES ($1, $2, $3)
                ON CONFLICT (user_id, domain) DO UPDATE SET app_identifier = excluded.app_identifier
                """, [.text(user), .text(domain), .text(identifier)])
        }
    }

    // MARK: Default offers

    /// Whether the assistant already offered to make an app the domain's default.
    public func defaultWasOffered(domain: String) throws(StoreError) -> Bool {
        try setting("defaultOffered." + domain) == "true"
    }

    /// Records that the domain's default was offered.
    public func markDefaultOffered(domain: String) throws(StoreError) {
        try setSetting("defaultOffered." + domain, "true")
    }

    // MARK: Opening apps without asking

    /// Whether the viewing user said "always" for this app's code as installed now.
    public func opensWithoutAsking(_ identifier: String) throws(StoreError) -> Bool {
        guard let app = try app(identifier) else { return false }
        let stored = try link.cachedRead("opensWithoutAsking/\(user)/\(identifier)") { session -> (value: String?, generation: Int?) in
            guard let row = try session.rows("""
                SELECT generation, (SELECT code_fingerprint FROM apps_opened_without_asking
                    WHERE user_id = $1 AND app_identifier = $2) AS code_fingerprint
                FROM store_changes WHERE id = 1
                """, [.text(user), .text(identifier)]).first else { return (nil, nil) }
            return (try row["code_fingerprint"].decode(String?.self), try row["generation"].decode(Int.self))
        }
        return stored != nil && stored == (app.bundle.codeFingerprint ?? "")
    }

    /// Records "always" for an installed app's current code, or takes it back.
    public func setOpensWithoutAsking(_ always: Bool, for identifier: String) throws(StoreError) {
        let fingerprint = try app(identifier)?.bundle.codeFingerprint ?? ""
        try link.changing { session in
            guard try session.value(String.self, "SELECT identifier FROM apps WHERE identifier = $1", [.text(identifier)]) != nil else {
                throw try notInstalled(identifier, session)
            }
            guard always else {
                try session.execute("DELETE FROM apps_opened_without_asking WHERE user_id = $1 AND app_identifier = $2",
                                    [.text(user), .text(identifier)])
                return
            }
            try session.execute("""
                INSERT INTO apps_opened_without_asking (user_id, app_identifier, code_fingerprint, decided_at)
                VALUES ($1, $2, $3, now())
                ON CONFLICT (user_id, app_identifier) DO UPDATE SET code_fingerprint = excluded.code_fingerprint,
                    decided_at = excluded.decided_at
                """, [.text(user), .text(identifier), .text(fingerprint)])
        }
    }
}

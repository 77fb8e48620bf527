import Foundation
import Intents
import ParlanceCore
import PostgresNIO
import Synchronization

/// The assistant's durable state in PostgreSQL, with the same contract as the SQLite store (`AssistantStore`):
/// installed apps, each user's permissions, vocabulary, preferences and conversations, and the journal of handled
/// intents. Several `parlance serve` instances may share one database: every write is a transaction committed
/// durably before the call returns, and a conversation's writes take that conversation's advisory lock, so two
/// instances never interleave one conversation's journal and state.
///
/// A store is seen as one user of the home (`HomeUser`): `open` gives the owner's view, `forUser(_:)` another's.
public final class PostgresStore: AppRegistry {
    let link: PostgresLink
    /// Whose permissions, vocabulary, preferences and conversations this view reads and writes.
    public let user: String
    /// Bundles already decoded from their manifests, shared by every user's view.
    private let decodedManifests: Mutex<[String: (manifest: String, bundle: AppBundle)]>

    private init(link: PostgresLink, user: String) {
        self.link = link
        self.user = user
        decodedManifests = Mutex([:])
    }

    /// Connects to the database a `postgres://` URL names and brings its tables to this version (see
    /// `PostgresSchema`). The database must exist; its tables are made on first use.
    public static func open(url: String) throws(StoreError) -> PostgresStore {
        let link = PostgresLink(address: try PostgresAddress(url: url))
        try PostgresSchema.migrate(link)
        return PostgresStore(link: link, user: HomeUser.owner)
    }

    /// Where the store is, without its password.
    public var address: PostgresAddress { link.address }

    /// The schema versions applied to the database, oldest first.
    public func schemaVersions() throws(StoreError) -> [Int] { try PostgresSchema.appliedVersions(link) }

    /// Closes the idle connections (a view in use opens new ones as it needs).
    public func close() { link.close() }

    /// The store as `user` sees it. Throws `unknownUser` for a user the home does not have.
    public func forUser(_ user: String) throws(StoreError) -> PostgresStore {
        if user == self.user { return self }
        guard try hasUser(user) else {
            throw StoreError(.unknownUser, "there is no user '\(user)' in this home; add one with parlance users add NAME")
        }
        return PostgresStore(link: link, user: user)
    }

    // MARK: Apps

    /// Installs or updates an app; an update keeps the users' permissions unless it is another app under the same
    /// identifier (another folder, changed code), which every user is asked about again.
    @discardableResult
    public func install(_ app: AppBundle) throws(StoreError) -> InstallOutcome {
        let manifest = try Self.encode(app)
        return try link.changing { session -> InstallOutcome in
            let existing = try session.rows("SELECT path, manifest FROM apps WHERE identifier = $1 FOR UPDATE",
                                            [.text(app.identifier)]).first
            try session.execute("""
                INSERT INTO apps (identifier, display_name, path, manifest, installed_at, updated_at)
                VALUES ($1, $2, $3, $4, now(), now())
                ON CONFLICT (identifier) DO UPDATE SET display_name = excluded.display_name, path = excluded.path,
                    manifest = excluded.manifest, updated_at = excluded.updated_at
                """, [.text(app.identifier), .text(app.displayName), .text(app.path), .text(manifest)])
            try PostgresSchema.bumpVocabularyGeneration(session)
            guard let existing else { return .installed }
            let path = try existing["path"].decode(String.self)
            let before = try? JSONDecoder().decode(AppBundle.self, from: Data(try existing["manifest"].decode(String.self).utf8))
            guard let reason = Self.identityChange(from: before, path: path, to: app) else { return .updated }
            let removed = try session.execute("DELETE FROM permissions WHERE app_identifier = $1", [.text(app.identifier)])
            return removed > 0 ? .updatedAskingAgain(reason: reason) : .updated
        }
    }

    /// Why an update is not the app the users decided about, or nil when it is.
    static func identityChange(from before: AppBundle?, path: String, to app: AppBundle) -> String? {
        if path != app.path {
            return "the same identifier was installed from \(path) and now comes from \(app.path)"
        }
        guard let before else { return nil }
        if let old = before.codeFingerprint, let new = app.codeFingerprint, old != new {
            return "its extension's code changed"
        }
        let added = Set(app.outsideCode ?? []).subtracting(before.outsideCode ?? [])
        if !added.isEmpty {
            return "it now runs code outside its bundle: \(added.sorted().joined(separator: ", "))"
        }
        return nil
    }

    /// Every installed app, by display name, with the viewing user's permission.
    public func apps() throws(StoreError) -> [InstalledApp] {
        try link.cachedRead("apps/\(user)") { session -> (value: [AppRow], generation: Int?) in
            let rows = try session.rows("""
                SELECT apps.*, permissions.state, permissions.code_fingerprint AS allowed_code, \(PostgresLink.generationColumn)
                FROM apps LEFT JOIN permissions ON permissions.app_identifier = apps.identifier AND permissions.user_id = $1
                """, [.text(user)])
            return (value: try rows.map(AppRow.init), generation: try rows.first?["store_generation"].decode(Int.self))
        }
        .map { (row) throws(StoreError) in try installed(row) }
        .sorted { (Self.nameOrder($0.bundle.displayName), $0.bundle.identifier)
            < (Self.nameOrder($1.bundle.displayName), $1.bundle.identifier) }
    }

    /// One installed app with the viewing user's permission, or nil.
    public func app(_ identifier: String) throws(StoreError) -> InstalledApp? {
        try link.cachedRead("app/\(user)/\(identifier)") { session -> (value: AppRow?, generation: Int?) in
            let rows = try session.rows("""
                SELECT \(PostgresLink.generationColumn), found.* FROM store_changes LEFT JOIN (
                    SELECT apps.*, permissions.state, permissions.code_fingerprint AS allowed_code FROM apps
                    LEFT JOIN permissions ON permissions.app_identifier = apps.identifier AND permissions.user_id = $1
                    WHERE apps.identifier = $2) AS found ON true
                WHERE store_changes.id = 1
                """, [.text(user), .text(identifier)])
            guard let row = rows.first else { return (value: nil, generation: nil) }
            let found = row["identifier"].bytes == nil ? nil : try AppRow(row)
            return (value: found, generation: try row["store_generation"].decode(Int.self))
        }
        .map { (row) throws(StoreError) in try installed(row) }
    }

    /// Removes an app with everything kept for it, for every user: the app is the home's.
    public func remove(_ identifier: String) throws(StoreError) {
        try link.changing { session in
            guard try session.execute("DELETE FROM apps WHERE identifier = $1", [.text(identifier)]) > 0 else {
                throw try notInstalled(identifier, session)
            }
            try session.execute("DELETE FROM user_vocabulary WHERE app_identifier = $1", [.text(identifier)])
            try PostgresSchema.bumpVocabularyGeneration(session)
        }
    }

    /// Records the viewing user's decision about an app, bound to the app's code as it is on disk now.
    public func setPermission(_ permission: AppPermission, for identifier: String) throws(StoreError) {
        try link.changing { session in
            guard let manifest = try session.value(String.self, "SELECT manifest FROM apps WHERE identifier = $1",
                                                   [.text(identifier)]) else {
                throw try notInstalled(identifier, session)
            }
            if permission == .notDetermined {
                try session.execute("DELETE FROM permissions WHERE user_id = $1 AND app_identifier = $2",
                                    [.text(user), .text(identifier)])
                return
            }
            let bundle = try JSONDecoder().decode(AppBundle.self, from: Data(manifest.utf8))
            try session.execute("""
                INSERT INTO permissions (user_id, app_identifier, state, decided_at, code_fingerprint)
                VALUES ($1, $2, $3, now(), $4)
                ON CONFLICT (user_id, app_identifier) DO UPDATE SET state = excluded.state,
                    decided_at = excluded.decided_at, code_fingerprint = excluded.code_fingerprint
                """, [.text(user), .text(identifier), .text(permission.rawValue), .text(bundle.codeFingerprintOnDisk() ?? "")])
        }
    }

    // MARK: Internals

    /// An installed app as read, with the viewing user's permission (kept by `PostgresReadCache`: what is on disk is
    /// looked at again each time it is made an `InstalledApp`).
    struct AppRow: Sendable {
        var identifier: String
        var manifest: String
        var state: String?
        var allowedCode: String?
        var installedAt: Date
        var updatedAt: Date

        init(_ row: PostgresRandomAccessRow) throws {
            identifier = try row["identifier"].decode(String.self)
            manifest = try row["manifest"].decode(String.self)
            state = try row["state"].decode(String?.self)
            allowedCode = try row["allowed_code"].decode(String?.self)
            installedAt = try row["installed_at"].decode(Date.self)
            updatedAt = try row["updated_at"].decode(Date.self)
        }
    }

    private func installed(_ row: AppRow) throws(StoreError) -> InstalledApp {
        let bundle: AppBundle
        if let cached = decodedManifests.withLock({ $0[row.identifier] }), cached.manifest == row.manifest {
            bundle = cached.bundle
        } else {
            do {
                bundle = try JSONDecoder().decode(AppBundle.self, from: Data(row.manifest.utf8))
            } catch {
                throw StoreError(.database, "the manifest of \(row.identifier) in the PostgreSQL store \(address) "
                                 + "cannot be read: \(error)")
            }
            decodedManifests.withLock { $0[row.identifier] = (row.manifest, bundle) }
        }
        var decided = row.state.flatMap { AppPermission(rawValue: $0) } ?? .notDetermined
        var changed = false
        if decided == .allowed, let expected = row.allowedCode ?? bundle.codeFingerprint {
            changed = (bundle.codeFingerprintOnDisk() ?? "") != expected
        }
        if changed { decided = .notDetermined }
        return InstalledApp(bundle: bundle, permission: decided, installedAt: row.installedAt,
                            updatedAt: row.updatedAt, codeChangedSinceAllowed: changed)
    }

    /// What apps are listed by: the display name without case or accents.
    private static func nameOrder(_ name: String) -> String {
        String(String.UnicodeScalarView(name.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
            .filter { $0.properties.generalCategory != .nonspacingMark }))
    }

    func notInstalled(_ identifier: String, _ session: PostgresSession) throws -> StoreError {
        let known = try session.rows("SELECT identifier FROM apps ORDER BY identifier").map { try $0[0].decode(String.self) }
        return StoreError(.appNotInstalled, "no app '\(identifier)' is installed"
                          + (known.isEmpty ? "; none is" : "; installed: \(known.joined(separator: ", "))"))
    }

    private static func encode(_ app: AppBundle) throws(StoreError) -> String {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return String(decoding: try encoder.encode(app), as: UTF8.self)
        } catch {
            throw StoreError(.database, "cannot record \(app.identifier): \(error)")
        }
    }
}

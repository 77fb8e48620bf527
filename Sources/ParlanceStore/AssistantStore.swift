import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GRDB
import Intents
import ParlanceCore
import Synchronization

/// The assistant's durable state in SQLite (WAL): installed apps and permissions. Every write is a
/// transaction that is on disk when the call returns.
///
/// A store is seen as one user of the home (`HomeUser`): `open` and `inMemory` give the owner's view, and
/// `forUser(_:)` another user's over the same database. Every read and write of permissions, vocabulary,
/// preferences, conversations and the journal is the viewing user's; installed apps are the home's.
public final class AssistantStore: AppRegistry {
    let database: any DatabaseWriter
    /// Whose permissions, vocabulary, preferences and conversations this view reads and writes.
    public let user: String
    /// What every user's view of one database shares.
    final class Shared: Sendable {
        /// Bundles already decoded from their manifests (decoding is most of the cost of reading an app).
        let decodedManifests = Mutex<[String: (manifest: String, bundle: AppBundle)]>([:])
        /// The inbox folder's stamp when it was last listed and found settled (see `ingestVocabularyInbox`).
        let inboxSeen = Mutex<FolderStamp?>(nil)
    }
    let shared: Shared
    /// The database file; nil in memory.
    public let location: URL?
    /// Where apps leave vocabulary updates; nil in memory.
    let vocabularyInbox: VocabularyInbox?
    /// Syncs commits made without their own sync soon after, off the caller's path; nil in memory.
    let logFlusher: WriteAheadLogFlusher?
    /// The home folder the store lives in (extensions and apps find the assistant's files there); nil in memory.
    public var home: URL? { location?.deletingLastPathComponent() }

    private init(database: any DatabaseWriter, location: URL?) throws(StoreError) {
        self.database = database
        self.location = location
        user = HomeUser.owner
        shared = Shared()
        vocabularyInbox = location.map { VocabularyInbox(home: $0.deletingLastPathComponent()) }
        logFlusher = location.map { WriteAheadLogFlusher(databasePath: $0.path) }
        do {
            try StoreSchema.migrator.migrate(database)
        } catch {
            throw StoreError(.cannotOpen, "the store \(location?.path ?? "in memory") could not be prepared: \(error)")
        }
    }

    /// Opens (creating if needed) the store in a home folder.
    public static func open(home: URL) throws(StoreError) -> AssistantStore {
        let file = home.appendingPathComponent("parlance.sqlite")
        do {
            // Only the user reads the home, whatever the umask: the database holds what they said.
            if !FileManager.default.fileExists(atPath: home.path) {
                try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
                try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: home.path)
            }
        } catch {
            throw StoreError(.cannotOpen, "cannot create the Parlance home \(home.path): \(error.localizedDescription)")
        }
        // SQLite gives its -wal and -shm files the database file's mode, so the file is made private first.
        let descriptor = Glibc.open(file.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            // Each connection's page cache may grow to 2 MB by default, and a start reads the whole
            // vocabulary once; the system's file cache keeps the pages anyway.
            try db.execute(sql: "PRAGMA cache_size = -256")
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: file.path, configuration: configuration)
            // Every commit synced to disk, so a journalled "sent" survives a power cut, not only a crash.
            // Set on the writer after the pool's own WAL setup, which chooses NORMAL.
            try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
        } catch {
            throw StoreError(.cannotOpen, "cannot open the store \(file.path): \(error)")
        }
        return try AssistantStore(database: pool, location: file)
    }

    /// A store in memory, for tests and embedding.
    public static func inMemory() throws(StoreError) -> AssistantStore {
        do {
            return try AssistantStore(database: try DatabaseQueue(), location: nil)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.cannotOpen, "cannot create an in-memory store: \(error)")
        }
    }

    /// The view of one user (an id `addUser` made, or `HomeUser.owner`) over the same database.
    private init(viewing other: AssistantStore, as user: String) {
        database = other.database
        location = other.location
        vocabularyInbox = other.vocabularyInbox
        logFlusher = other.logFlusher
        shared = other.shared
        self.user = user
    }

    /// The store as `user` sees it: their permissions, vocabulary, preferences and conversations, the home's apps.
    /// Throws `unknownUser` for a user the home does not have.
    public func forUser(_ user: String) throws(StoreError) -> AssistantStore {
        if user == self.user { return self }
        guard try hasUser(user) else {
            throw StoreError(.unknownUser, "there is no user '\(user)' in this home; add one with parlance users add NAME")
        }
        return AssistantStore(viewing: self, as: user)
    }

    // MARK: Apps

    /// Installs or updates an app; an update keeps the user's permission.
    @discardableResult
    public func install(_ app: AppBundle) throws(StoreError) -> InstallOutcome {
        let manifest = try encode(app)
        let outcome = try write { db -> InstallOutcome in
            let now = Date()
            let existing = try AppRow.fetchOne(db, key: app.identifier)
            let row = AppRow(identifier: app.identifier, displayName: app.displayName, path: app.path,
                             manifest: manifest, installedAt: existing?.installedAt ?? now, updatedAt: now)
            try row.save(db)
            try StoreSchema.bumpVocabularyGeneration(db)  // the app's own vocabulary may have changed
            guard let existing else { return .installed }
            let before = try? JSONDecoder().decode(AppBundle.self, from: Data(existing.manifest.utf8))
            guard let reason = Self.identityChange(from: before, path: existing.path, to: app) else { return .updated }
            // Another app under the same name: asked again by every user.
            try db.execute(sql: "DELETE FROM permissions WHERE appIdentifier = ?", arguments: [app.identifier])
            return db.changesCount > 0 ? .updatedAskingAgain(reason: reason) : .updated
        }
        if case .updatedAskingAgain = outcome { publishPermission(.notDetermined, for: app.identifier, user: HomeUser.owner) }
        return outcome
    }

    /// Why an update is not the app the user decided about, or nil when it is: another folder under
    /// the same identifier, changed code, or code outside the bundle it did not run before.
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

    /// Every installed app, by display name.
    public func apps() throws(StoreError) -> [InstalledApp] {
        try read { db in
            // Sorted here rather than with a localized SQL collation, which loads ICU's collation data
            // (about a megabyte of the process's memory) for a list of a few names.
            let rows = try AppRow.fetchAll(db).sorted { ($0.nameOrder, $0.identifier) < ($1.nameOrder, $1.identifier) }
            let permissions = try PermissionRow.filter(Column("user") == self.user).fetchAll(db)
            let codes = try Self.permissionCodes(db, user: self.user)
            return try rows.map { row in
                try self.installed(row, permission: permissions.first { $0.appIdentifier == row.identifier },
                                   allowedCode: codes[row.identifier] ?? nil)
            }
        }
    }

    /// One installed app, or nil.
    public func app(_ identifier: String) throws(StoreError) -> InstalledApp? {
        // Asked at every turn: the app and its permission in one statement, which reads one consistent snapshot
        // by itself, so no transaction is wrapped around it (BEGIN and COMMIT cost more than the SELECT).
        do {
            return try readLatest { db in
                let statement = try db.cachedStatement(sql: """
                    SELECT apps.*, permissions.state, permissions.decidedAt, permissions.codeFingerprint AS allowedCode FROM apps
                    LEFT JOIN permissions ON permissions.appIdentifier = apps.identifier AND permissions.user = ?
                    WHERE apps.identifier = ?
                    """)
                guard let row = try Row.fetchOne(statement, arguments: [self.user, identifier]) else { return nil }
                let state: String? = row["state"]
                let decidedAt: DatabaseValue = row["decidedAt"]
                let permission = state.map { PermissionRow(user: self.user, appIdentifier: identifier, state: $0,
                                                           decidedAt: StoredDate.date(decidedAt) ?? .distantPast) }
                return try self.installed(AppRow(row: row), permission: permission, allowedCode: row["allowedCode"])
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.database, "the store could not be read: \(error)")
        }
    }

    /// Removes an app with everything the assistant kept for it (permission, vocabulary, domain preferences),
    /// for every user: the app is the home's.
    public func remove(_ identifier: String) throws(StoreError) {
        try write { db in
            guard try AppRow.deleteOne(db, key: identifier) else { throw self.notInstalled(identifier, db) }
            try VocabularyRow.filter(Column("appIdentifier") == identifier).deleteAll(db)
            try db.execute(sql: "DELETE FROM preferredApps WHERE appIdentifier = ?", arguments: [identifier])
            try StoreSchema.bumpVocabularyGeneration(db)
        }
        publishPermission(.notDetermined, for: identifier, user: HomeUser.owner)
    }

    /// Records the user's decision about an app.
    public func setPermission(_ permission: AppPermission, for identifier: String) throws(StoreError) {
        try write { db in
            guard try AppRow.exists(db, key: identifier) else { throw self.notInstalled(identifier, db) }
            if permission == .notDetermined {
                try PermissionRow.deleteOne(db, key: ["user": self.user, "appIdentifier": identifier])
            } else {
                try PermissionRow(user: self.user, appIdentifier: identifier, state: permission.rawValue,
                                  decidedAt: Date()).save(db)
                try self.bindToCode(db, identifier: identifier)
            }
        }
        publishPermission(permission, for: identifier, user: user)
    }

    // MARK: Internals

    /// Publishes an app's permission as a file in the home, where the app's `INPreferences` reads it
    /// (the SDK has no database access). The database stays the source of truth. The app runs once for the home,
    /// so the file is the owner's decision; other users' decisions are in the database only.
    func publishPermission(_ permission: AppPermission, for identifier: String, user: String) {
        guard user == HomeUser.owner, let home = location?.deletingLastPathComponent(), !identifier.contains("/") else { return }
        let folder = home.appendingPathComponent("permissions")
        let file = folder.appendingPathComponent(identifier)
        if permission == .notDetermined {
            try? FileManager.default.removeItem(at: file)
        } else {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? Data(permission.rawValue.utf8).write(to: file, options: .atomic)
        }
    }

    private func installed(_ row: AppRow, permission: PermissionRow?, allowedCode: String?) throws -> InstalledApp {
        let bundle: AppBundle
        if let cached = shared.decodedManifests.withLock({ $0[row.identifier] }), cached.manifest == row.manifest {
            bundle = cached.bundle
        } else {
            bundle = try JSONDecoder().decode(AppBundle.self, from: Data(row.manifest.utf8))
            shared.decodedManifests.withLock { $0[row.identifier] = (row.manifest, bundle) }
        }
        var decided = permission.flatMap { AppPermission(rawValue: $0.state) } ?? .notDetermined
        let changed = decided == .allowed && Self.codeChanged(bundle, since: allowedCode)
        if changed { decided = .notDetermined }
        return InstalledApp(bundle: bundle, permission: decided, installedAt: row.installedAt, updatedAt: row.updatedAt,
                            codeChangedSinceAllowed: changed)
    }

    func notInstalled(_ identifier: String, _ db: Database) -> StoreError {
        let known = (try? String.fetchAll(db, sql: "SELECT identifier FROM apps")) ?? []
        var message = "no app '\(identifier)' is installed"
        if let suggestion = Suggestion.closest(to: identifier, in: known) {
            message += "; did you mean '\(suggestion)'?"
        } else {
            message += known.isEmpty ? "; none is" : "; installed: \(known.sorted().joined(separator: ", "))"
        }
        return StoreError(.appNotInstalled, message)
    }

    private func encode(_ app: AppBundle) throws(StoreError) -> String {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return String(decoding: try encoder.encode(app), as: UTF8.self)
        } catch {
            throw StoreError(.database, "cannot record \(app.identifier): \(error)")
        }
    }

    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try TurnTimeMeter.measure(.store) { () throws(StoreError) in try writeSynced(body) }
    }

    private func writeSynced<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            // A synced commit carries every unsynced one before it to the disk.
            let carrying = logFlusher?.pending
            let value = try database.write(body)
            if let carrying { logFlusher?.carried(through: carrying) }
            return value
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.database, "the store refused a change: \(error)")
        }
    }

    /// A write that is not synced to disk by itself: it survives the assistant's crash when the call
    /// returns, and a power cut once the next synced commit returns (the log reaches the disk in order).
    /// For what a power cut may take back without harm: the conversation's state, the journal's
    /// "decided" (the "sent" that must precede any send is synced, and carries it).
    func writeUnsynced<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try TurnTimeMeter.measure(.store) { () throws(StoreError) in try writeUnsyncedNow(body) }
    }

    private func writeUnsyncedNow<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try database.writeWithoutTransaction { db in
                try db.cachedStatement(sql: "PRAGMA synchronous = NORMAL").execute()
                var value: T?
                let outcome = Result { try db.inTransaction(.immediate) { value = try body(db); return .commit } }
                try db.cachedStatement(sql: "PRAGMA synchronous = FULL").execute()
                try outcome.get()
                guard let value else { throw StoreError(.database, "the change returned nothing") }
                return value
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.database, "the store refused a change: \(error)")
        }
    }

    /// One statement's read on the writer's connection, without a transaction, for the small reads every
    /// turn makes. A pool reader revalidates its cache after every commit of the writer (each turn commits),
    /// which costs more than the read; the writer's connection sees its own commits, and other processes'
    /// too, at once. A long write of this process delays it, as it would delay the turn's next write.
    func readLatest<T>(_ body: (Database) throws -> T) throws -> T {
        try TurnTimeMeter.measure(.store) { try database.writeWithoutTransaction(body) }
    }

    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try TurnTimeMeter.measure(.store) { () throws(StoreError) in try readNow(body) }
    }

    private func readNow<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try database.read(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.database, "the store could not be read: \(error)")
        }
    }
}

extension AssistantStore {
    // MARK: Preferred apps

    /// The app the user chose for a domain's requests that name no app, if any.
    public func preferredApp(domain: String) throws(StoreError) -> String? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT appIdentifier FROM preferredApps WHERE user = ? AND domain = ?",
                                arguments: [self.user, domain])
        }
    }

    /// Every domain's preferred app.
    public func preferredApps() throws(StoreError) -> [String: String] {
        try read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT domain, appIdentifier FROM preferredApps WHERE user = ?",
                                                              arguments: [self.user])
                .map { (row: Row) -> (String, String) in (row["domain"], row["appIdentifier"]) })
        }
    }

    /// Makes an installed app the one a domain's requests go to when they name no app (nil: none,
    /// every such request asks).
    public func setPreferredApp(_ identifier: String?, domain: String) throws(StoreError) {
        try write { db in
            guard let identifier else {
                try db.execute(sql: "DELETE FROM preferredApps WHERE user = ? AND domain = ?", arguments: [self.user, domain])
                return
            }
            guard try AppRow.exists(db, key: identifier) else { throw self.notInstalled(identifier, db) }
            try db.execute(sql: """
                INSERT INTO preferredApps (user, domain, appIdentifier) VALUES (?, ?, ?)
                ON CONFLICT(user, domain) DO UPDATE SET appIdentifier = excluded.appIdentifier
                """, arguments: [self.user, domain, identifier])
        }
    }
}

import Foundation
import GRDB
import Intents
import ParlanceCore

/// The home's users and their device tokens (`HomeUser`). A token is 32 random bytes in hex, shown once; the store
/// keeps its SHA-256 only, so a copy of the database lets no one in.
extension AssistantStore: UserDirectory {
    // MARK: Users

    /// Whether the home has a user of this id.
    public func hasUser(_ user: String) throws(StoreError) -> Bool {
        try read { db in try Bool.fetchOne(db, sql: "SELECT 1 FROM users WHERE id = ?", arguments: [user]) ?? false }
    }

    /// The home's users, the owner first, then by id.
    public func users() throws(StoreError) -> [String] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT id FROM users ORDER BY id <> 'owner', id")
        }
    }

    /// Adds a user, who starts with nothing: no permissions, vocabulary, preferences or conversations.
    public func addUser(_ user: String) throws(StoreError) {
        guard HomeUser.isValidName(user) else {
            throw StoreError(.refusedUser, "'\(user)' cannot be a user's name: use 1 to \(HomeUser.maximumLength) "
                             + "lower-case letters, digits, '-' or '_', starting with a letter")
        }
        try write { db in
            guard try !(Bool.fetchOne(db, sql: "SELECT 1 FROM users WHERE id = ?", arguments: [user]) ?? false) else {
                throw StoreError(.refusedUser, "the home already has a user '\(user)'")
            }
            try db.execute(sql: "INSERT INTO users (id, createdAt) VALUES (?, ?)", arguments: [user, StoredDate.text(Date())])
        }
    }

    /// Removes a user with everything that was theirs: tokens, permissions, vocabulary, preferences, conversations
    /// and journal. The owner stays.
    public func removeUser(_ user: String) throws(StoreError) {
        guard user != HomeUser.owner else {
            throw StoreError(.refusedUser, "the owner is the home's own user and cannot be removed")
        }
        try write { db in
            try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [user])
            guard db.changesCount > 0 else { throw Self.unknownUser(user, db) }
            try StoreSchema.bumpVocabularyGeneration(db)  // a running assistant drops what it read of theirs
        }
    }

    // MARK: Device tokens

    /// Makes a token for one of a user's devices and returns it (the only time it is seen). A device that
    /// had one gets a new one, and the old one stops working.
    public func issueToken(for user: String, device: String) throws(StoreError) -> String {
        guard HomeUser.isValidName(device) else {
            throw StoreError(.refusedUser, "'\(device)' cannot be a device's label: use 1 to \(HomeUser.maximumLength) "
                             + "lower-case letters, digits, '-' or '_', starting with a letter")
        }
        var generator = SystemRandomNumberGenerator()
        let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM users WHERE id = ?", arguments: [user]) ?? false else {
                throw Self.unknownUser(user, db)
            }
            try db.execute(sql: """
                INSERT INTO userTokens (user, device, tokenHash, createdAt) VALUES (?, ?, ?, ?)
                ON CONFLICT(user, device) DO UPDATE SET tokenHash = excluded.tokenHash, createdAt = excluded.createdAt
                """, arguments: [user, device, Self.tokenHash(token), StoredDate.text(Date())])
        }
        return token
    }

    /// Revokes a device's token: requests with it are refused from now on.
    public func revokeToken(for user: String, device: String) throws(StoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM userTokens WHERE user = ? AND device = ?", arguments: [user, device])
            guard db.changesCount == 0 else { return }
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM users WHERE id = ?", arguments: [user]) ?? false else {
                throw Self.unknownUser(user, db)
            }
            let devices = try String.fetchAll(db, sql: "SELECT device FROM userTokens WHERE user = ? ORDER BY device",
                                              arguments: [user])
            throw StoreError(.unknownUser, "\(user) has no device '\(device)'"
                             + (devices.isEmpty ? "; they have no token" : "; their devices: \(devices.joined(separator: ", "))"))
        }
    }

    /// The devices with a token, of one user or of all, by user and label.
    public func devices(of user: String? = nil) throws(StoreError) -> [UserDevice] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT user, device, createdAt FROM userTokens WHERE ? IS NULL OR user = ? ORDER BY user, device
                """, arguments: [user, user])
            return rows.map { row in
                UserDevice(user: row["user"], device: row["device"], createdAt: StoredDate.date(row["createdAt"]) ?? .distantPast)
            }
        }
    }

    /// The user a device token belongs to, or nil.
    public func user(forToken token: String) throws(StoreError) -> String? {
        let hash = Self.tokenHash(token)
        do {
            return try readLatest { db in
                try String.fetchOne(db.cachedStatement(sql: "SELECT user FROM userTokens WHERE tokenHash = ?"), arguments: [hash])
            }
        } catch {
            throw StoreError(.database, "the store could not be read: \(error)")
        }
    }

    /// How a token is kept: its SHA-256, in hex. (A token is 256 random bits: no salt or slow hash is needed.)
    static func tokenHash(_ token: String) -> String { SHA256.hex(of: Data(token.utf8)) }

    private static func unknownUser(_ user: String, _ db: Database) -> StoreError {
        let known = (try? String.fetchAll(db, sql: "SELECT id FROM users ORDER BY id")) ?? []
        var message = "there is no user '\(user)' in this home"
        if let suggestion = Suggestion.closest(to: user, in: known) { message += "; did you mean '\(suggestion)'?" }
        return StoreError(.unknownUser, message + "; users: \(known.joined(separator: ", "))")
    }
}

import Foundation
import ParlanceCore

/// The home's users and their device tokens (`HomeUser`), as the SQLite store keeps them: a token is 32 random
/// bytes in hex, shown once, kept as its SHA-256 only.
extension PostgresStore: UserDirectory {
    /// Whether the home has a user of this id.
    public func hasUser(_ user: String) throws(StoreError) -> Bool {
        try link.withConnection { session in
            try session.value(Int.self, "SELECT 1::bigint FROM users WHERE id = $1", [.text(user)]) != nil
        }
    }

    /// The home's users, the owner first, then by id.
    public func users() throws(StoreError) -> [String] {
        try link.withConnection { session in
            try session.rows("SELECT id FROM users ORDER BY id <> 'owner', id COLLATE \"C\"").map { try $0[0].decode(String.self) }
        }
    }

    /// Adds a user, who starts with nothing.
    public func addUser(_ user: String) throws(StoreError) {
        guard HomeUser.isValidName(user) else {
            throw StoreError(.refusedUser, "'\(user)' cannot be a user's name: use 1 to \(HomeUser.maximumLength) "
                             + "lower-case letters, digits, '-' or '_', starting with a letter")
        }
        let added = try link.changing(inTransaction: false) { session in
            try session.execute("INSERT INTO users (id, created_at) VALUES ($1, now()) ON CONFLICT (id) DO NOTHING", [.text(user)])
        }
        guard added > 0 else { throw StoreError(.refusedUser, "the home already has a user '\(user)'") }
    }

    /// Removes a user with everything that was theirs. The owner stays.
    public func removeUser(_ user: String) throws(StoreError) {
        guard user != HomeUser.owner else {
            throw StoreError(.refusedUser, "the owner is the home's own user and cannot be removed")
        }
        try link.changing { session in
            guard try session.execute("DELETE FROM users WHERE id = $1", [.text(user)]) > 0 else {
                throw try unknownUser(user, session)
            }
            try PostgresSchema.bumpVocabularyGeneration(session)
        }
    }

    /// Makes a token for one of a user's devices and returns it (the only time it is seen); a device that had
    /// one gets a new one, and the old one stops working.
    public func issueToken(for user: String, device: String) throws(StoreError) -> String {
        guard HomeUser.isValidName(device) else {
            throw StoreError(.refusedUser, "'\(device)' cannot be a device's label: use 1 to \(HomeUser.maximumLength) "
                             + "lower-case letters, digits, '-' or '_', starting with a letter")
        }
        var generator = SystemRandomNumberGenerator()
        let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
        try link.transaction { session in
            guard try session.value(Int.self, "SELECT 1::bigint FROM users WHERE id = $1", [.text(user)]) != nil else {
                throw try unknownUser(user, session)
            }
            try session.execute("""
                INSERT INTO user_tokens (user_id, device, token_hash, created_at) VALUES ($1, $2, $3, now())
                ON CONFLICT (user_id, device) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at
                """, [.text(user), .text(device), .text(SHA256.hex(of: Data(token.utf8)))])
        }
        return token
    }

    /// Revokes a device's token: requests with it are refused from now on.
    public func revokeToken(for user: String, device: String) throws(StoreError) {
        try link.transaction { session in
            guard try session.execute("DELETE FROM user_tokens WHERE user_id = $1 AND device = $2",
                                      [.text(user), .text(device)]) == 0 else { return }
            guard try session.value(Int.self, "SELECT 1::bigint FROM users WHERE id = $1", [.text(user)]) != nil else {
                throw try unknownUser(user, session)
            }
            let devices = try session.rows("SELECT device FROM user_tokens WHERE user_id = $1 ORDER BY device",
                                           [.text(user)]).map { try $0[0].decode(String.self) }
            throw StoreError(.unknownUser, "\(user) has no device '\(device)'"
                             + (devices.isEmpty ? "; they have no token" : "; their devices: \(devices.joined(separator: ", "))"))
        }
    }

    /// The devices with a token, of one user or of all, by user and label.
    public func devices(of user: String? = nil) throws(StoreError) -> [UserDevice] {
        try link.withConnection { session in
            try session.rows("""
                SELECT user_id, device, created_at FROM user_tokens WHERE $1::text IS NULL OR user_id = $1
                ORDER BY user_id, device
                """, [.optional(user)]).map { row in
                UserDevice(user: try row["user_id"].decode(String.self), device: try row["device"].decode(String.self),
                           createdAt: try row["created_at"].decode(Date.self))
            }
        }
    }

    /// The user a device token belongs to, or nil.
    public func user(forToken token: String) throws(StoreError) -> String? {
        try link.withConnection { session in
            try session.value(String.self, "SELECT user_id FROM user_tokens WHERE token_hash = $1",
                              [.text(SHA256.hex(of: Data(token.utf8)))])
        }
    }

    private func unknownUser(_ user: String, _ session: PostgresSession) throws -> StoreError {
        let known = try session.rows("SELECT id FROM users ORDER BY id").map { try $0[0].decode(String.self) }
        return StoreError(.unknownUser, "there is no user '\(user)' in this home; users: \(known.joined(separator: ", "))")
    }
}

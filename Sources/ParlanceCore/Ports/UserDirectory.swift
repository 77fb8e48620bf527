import Foundation

/// The users of a home and their device tokens (see `HomeUser`), as the server asks: which user a token
/// belongs to. A store that keeps users conforms; a token is never kept in clear, only its SHA-256.
public protocol UserDirectory: Sendable {
    /// The user a device token belongs to, or nil when no token that is not revoked matches it.
    func user(forToken token: String) throws(StoreError) -> String?
}

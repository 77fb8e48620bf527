import Foundation

/// A device token of a user (`HomeUser`), as listed: never the token itself, which is shown once when made.
public struct UserDevice: Sendable, Equatable, Codable {
    /// The user the token acts as.
    public var user: String
    /// The device's label, unique per user (`phone`, `kitchen-speaker`).
    public var device: String
    /// When the token was made.
    public var createdAt: Date

    public init(user: String, device: String, createdAt: Date) {
        self.user = user
        self.device = device
        self.createdAt = createdAt
    }
}

import Foundation

/// Whether the user allowed an app to work with the assistant.
public enum AppPermission: String, Codable, Sendable, CaseIterable {
    /// Not asked yet: the first request to the app asks the user.
    case notDetermined
    /// Allowed.
    case allowed
    /// Denied: the app's extension is never called.
    case denied
}

/// An installed app with its permission.
public struct InstalledApp: Sendable, Equatable {
    /// The app as read from its bundle at install time.
    public var bundle: AppBundle
    /// The user's decision.
    public var permission: AppPermission
    /// When it was first installed.
    public var installedAt: Date
    /// When it was last installed or updated.
    public var updatedAt: Date

    public init(bundle: AppBundle, permission: AppPermission, installedAt: Date, updatedAt: Date) {
        self.bundle = bundle
        self.permission = permission
        self.installedAt = installedAt
        self.updatedAt = updatedAt
    }
}

/// What an install did.
public enum InstallOutcome: Sendable, Equatable {
    /// A new app.
    case installed
    /// An app already installed was updated; its permission and vocabulary were kept.
    case updated
    /// An app already installed was updated, but it is no longer the app the user decided about (another
    /// folder, other code): its permission was reset, so the next request asks again. `reason` says why.
    case updatedAskingAgain(reason: String)
}

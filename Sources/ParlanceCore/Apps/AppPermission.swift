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
    /// The user's decision. `notDetermined` too when the app was allowed but its code changed since.
    public var permission: AppPermission
    /// When it was first installed.
    public var installedAt: Date
    /// When it was last installed or updated.
    public var updatedAt: Date
    /// The user allowed the app, but its code on disk is no longer the code it was allowed for (edited in
    /// place): the permission reads `notDetermined`, and the question says the app changed.
    public var codeChangedSinceAllowed: Bool

    public init(bundle: AppBundle, permission: AppPermission, installedAt: Date, updatedAt: Date,
                codeChangedSinceAllowed: Bool = false) {
        self.bundle = bundle
        self.permission = permission
        self.installedAt = installedAt
        self.updatedAt = updatedAt
        self.codeChangedSinceAllowed = codeChangedSinceAllowed
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

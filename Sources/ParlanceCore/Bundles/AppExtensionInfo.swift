/// One app extension from `PlugIns/*.appex/Info.plist`.
public struct AppExtensionInfo: Codable, Sendable, Equatable {
    /// The extension point.
    public enum Kind: String, Codable, Sendable {
        /// `com.apple.intents-service`: resolves, confirms and handles intents.
        case intents = "com.apple.intents-service"
        /// `com.apple.intents-ui-service`: draws custom content in the assistant's answers.
        case intentsUI = "com.apple.intents-ui-service"
    }

    /// `CFBundleIdentifier` of the extension.
    public var identifier: String
    /// Which extension point it serves.
    public var kind: Kind
    /// `IntentsSupported`: class names of the intents it serves.
    public var intentsSupported: [String]
    /// `IntentsRestrictedWhileLocked`: intents that need an unlocked session.
    public var restrictedWhileLocked: [String]
    /// `ParlanceHandleIsIdempotent`: the extension answers a handle repeated with the same intent
    /// identifier from its own record instead of doing the work again, so the assistant may send an
    /// unanswered handle again after a crash (exactly once). Without it, such a handle is never repeated
    /// (at most once) and the user is told the outcome is unknown.
    public var handleIsIdempotent: Bool
    /// `ParlanceNetworkAccess = true`: the extension declares it needs the internet. Its sandbox then
    /// gets user-mode networking without the host's loopback (docs/security.md); without it (or with
    /// `false`) the extension has no network at all.
    public var wantsNetwork: Bool
    /// The executable, absolute.
    public var executable: String
    /// The `.appex` folder, absolute.
    public var path: String

    public init(identifier: String, kind: Kind, intentsSupported: [String], restrictedWhileLocked: [String] = [],
                handleIsIdempotent: Bool = false, wantsNetwork: Bool = false, executable: String, path: String) {
        self.identifier = identifier
        self.kind = kind
        self.intentsSupported = intentsSupported
        self.restrictedWhileLocked = restrictedWhileLocked
        self.handleIsIdempotent = handleIsIdempotent
        self.wantsNetwork = wantsNetwork
        self.executable = executable
        self.path = path
    }

    private enum CodingKeys: String, CodingKey {
        case identifier, kind, intentsSupported, restrictedWhileLocked, handleIsIdempotent, wantsNetwork, executable, path
    }

    // Manifests stored before `handleIsIdempotent` and `wantsNetwork` existed have no such keys. (Their
    // `usesNetwork`, true unless the app opted out, is not read: the network is now only for apps that ask.)
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .identifier)
        kind = try container.decode(Kind.self, forKey: .kind)
        intentsSupported = try container.decode([String].self, forKey: .intentsSupported)
        restrictedWhileLocked = try container.decodeIfPresent([String].self, forKey: .restrictedWhileLocked) ?? []
        handleIsIdempotent = try container.decodeIfPresent(Bool.self, forKey: .handleIsIdempotent) ?? false
        wantsNetwork = try container.decodeIfPresent(Bool.self, forKey: .wantsNetwork) ?? false
        executable = try container.decode(String.self, forKey: .executable)
        path = try container.decode(String.self, forKey: .path)
    }
}

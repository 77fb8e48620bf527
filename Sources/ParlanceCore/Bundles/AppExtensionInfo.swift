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
    /// The executable, absolute.
    public var executable: String
    /// The `.appex` folder, absolute.
    public var path: String

    public init(identifier: String, kind: Kind, intentsSupported: [String], restrictedWhileLocked: [String] = [],
                executable: String, path: String) {
        self.identifier = identifier
        self.kind = kind
        self.intentsSupported = intentsSupported
        self.restrictedWhileLocked = restrictedWhileLocked
        self.executable = executable
        self.path = path
    }
}

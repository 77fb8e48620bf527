/// One Intents extension the assistant can talk to: who it is and how to start it.
public struct ExtensionEndpoint: Sendable, Hashable, Codable {
    /// The extension's bundle identifier ("com.example.monkeychat.intents"); the key of its process.
    public var identifier: String
    /// The containing app's bundle identifier.
    public var appIdentifier: String
    /// The app's name as users know it, for messages ("MonkeyChat").
    public var appName: String
    /// The executable's absolute path.
    public var executable: String
    /// Arguments after the executable's path.
    public var arguments: [String]
    /// Variables set for the process, over the allow-listed environment it gets (docs/security.md).
    public var environment: [String: String]
    /// The working directory; the assistant's own when nil.
    public var workingDirectory: String?
    /// The app's bundle folder: what a sandboxed extension sees of its app, read-only.
    public var bundleFolder: String?
    /// The app's own data folder, the one place a sandboxed extension may write that outlives it
    /// (given to it as `PARLANCE_APP_DATA`); none when nil.
    public var dataFolder: String?
    /// Whether the extension declared it needs the internet (`ParlanceNetworkAccess = true`); a sandboxed
    /// extension has no network otherwise.
    public var usesNetwork: Bool

    public init(identifier: String, appIdentifier: String, appName: String, executable: String,
                arguments: [String] = [], environment: [String: String] = [:], workingDirectory: String? = nil,
                bundleFolder: String? = nil, dataFolder: String? = nil, usesNetwork: Bool = false) {
        self.identifier = identifier
        self.appIdentifier = appIdentifier
        self.appName = appName
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.bundleFolder = bundleFolder
        self.dataFolder = dataFolder
        self.usesNetwork = usesNetwork
    }
}

/// Makes the transport for an extension: a process (the assistant's default) or an in-process
/// server (embedding and tests). The host above it is the same.
public protocol ExtensionLauncher: Sendable {
    /// A transport, not yet started, for the endpoint. `log` receives the extension's log lines (stderr).
    func makeTransport(for endpoint: ExtensionEndpoint, log: @escaping @Sendable (String) -> Void)
        throws(TransportError) -> any LineTransport
}

import ExtensionWire

extension AppBundle {
    /// How the host starts the app's Intents extension; nil when the app has none. The extension gets
    /// `PARLANCE_APP_IDENTIFIER` (its app's bundle identifier) and runs in its `.appex` folder.
    public var intentsEndpoint: ExtensionEndpoint? {
        guard let appex = intentsExtension else { return nil }
        return ExtensionEndpoint(identifier: appex.identifier, appIdentifier: identifier, appName: displayName,
                                 executable: appex.executable,
                                 environment: ["PARLANCE_APP_IDENTIFIER": identifier],
                                 workingDirectory: appex.path, bundleFolder: path, usesNetwork: appex.wantsNetwork)
    }

    /// How the host starts the app's Intents UI extension; nil when it has none.
    public var uiEndpoint: ExtensionEndpoint? {
        guard let appex = extensions.first(where: { $0.kind == .intentsUI }), !appex.executable.isEmpty else { return nil }
        return ExtensionEndpoint(identifier: appex.identifier, appIdentifier: identifier, appName: displayName,
                                 executable: appex.executable,
                                 environment: ["PARLANCE_APP_IDENTIFIER": identifier],
                                 workingDirectory: appex.path, bundleFolder: path, usesNetwork: appex.wantsNetwork)
    }

    /// The intents the app's Intents UI extension draws views for.
    public var uiIntents: [String] {
        extensions.first(where: { $0.kind == .intentsUI })?.intentsSupported ?? []
    }
}

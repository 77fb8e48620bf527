import ExtensionWire

extension AppBundle {
    /// How the host starts the app's Intents extension; nil when the app has none. The extension gets
    /// `PARLANCE_APP_IDENTIFIER` (its app's bundle identifier) and runs in its `.appex` folder.
    public var intentsEndpoint: ExtensionEndpoint? {
        guard let appex = intentsExtension else { return nil }
        return ExtensionEndpoint(identifier: appex.identifier, appIdentifier: identifier, appName: displayName,
                                 executable: appex.executable,
                                 environment: ["PARLANCE_APP_IDENTIFIER": identifier],
                                 workingDirectory: appex.path)
    }
}

/// Hears every call the host makes to an extension as it ends: for a server's metrics. Called on the
/// host's actor, so it must return at once.
public protocol ExtensionCallObserver: Sendable {
    /// A call (`resolve`, `confirm`, `handle`…) to an installed app's extension ended after `duration`;
    /// `failed` when it, or the extension's start for it, failed.
    func extensionCallEnded(app: String, call: String, duration: Duration, failed: Bool)
}

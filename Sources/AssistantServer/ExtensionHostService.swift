import ParlanceHosting
import ServiceLifecycle

/// The extension host as a service: stops idle extensions while the server runs, and every extension
/// when it shuts down (after the conversations, which the service group stops first).
struct ExtensionHostService: Service {
    let host: ExtensionHost
    /// Told while the host runs (`/readyz`).
    var operations: ServerOperations?

    func run() async throws {
        operations?.extensionHost(running: true)
        defer { operations?.extensionHost(running: false) }
        await cancelWhenGracefulShutdown { await host.run() }
    }
}

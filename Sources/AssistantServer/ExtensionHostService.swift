import ParlanceHosting
import ServiceLifecycle

/// The extension host as a service: stops idle extensions while the server runs, and every extension
/// when it shuts down (after the conversations, which the service group stops first).
struct ExtensionHostService: Service {
    let host: ExtensionHost

    func run() async throws {
        await cancelWhenGracefulShutdown { await host.run() }
    }
}

import AssistantServer
import ParlanceCore
import ParlanceEngine
import ParlanceHosting
import ParlanceStore
import ParlanceUnderstanding

extension ServeCommand {
    /// The configuration with the home's users (`parlance users`) let in by their device tokens, each served from
    /// their own view of the store, with understanding that reads their vocabulary. The extensions are shared.
    static func servingUsers(_ configuration: ServerConfiguration, store: AssistantStore,
                             host: ExtensionHost) -> ServerConfiguration {
        var configuration = configuration
        configuration.users = ServedUsers.Access(directory: store) { user throws(StoreError) in
            let view = try store.forUser(user)
            let understander = RequestUnderstander(store: view, modelCache: store.home.map {
                ModelCache(folder: $0.appendingPathComponent("models"))
            })
            return ServedUsers.Space(
                assistant: .init(apps: view, store: view, home: store.home?.path, host: host, understander: understander,
                                 lockSource: SessionLockSource(store: view)),
                preferences: view)
        }
        return configuration
    }
}

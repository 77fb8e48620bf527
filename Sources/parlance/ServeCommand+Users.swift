import AssistantServer
import Foundation
import ParlanceCore
import ParlanceEngine
import ParlanceHosting
import ParlanceUnderstanding

extension ServeCommand {
    /// The configuration with the home's users (`parlance users`) let in by their device tokens, each served from
    /// their own view of the store, with understanding that reads their vocabulary. The extensions are shared;
    /// `turnLock` and `eventRelay` are shared with the other servers on the same store, if any.
    static func servingUsers<Store: ServedStore>(_ configuration: ServerConfiguration, store: Store, home: URL?,
                                                 host: ExtensionHost,
                                                 turnLock: (any ConversationTurnLock)?,
                                                 eventRelay: (any ConversationEventRelay)?) -> ServerConfiguration {
        var configuration = configuration
        configuration.users = ServedUsers.Access(directory: store) { user throws(StoreError) in
            let view = try store.forUser(user)
            let understander = RequestUnderstander(store: view, modelCache: home.map {
                ModelCache(folder: $0.appendingPathComponent("models"))
            })
            return ServedUsers.Space(
                assistant: .init(apps: view, store: view, home: home?.path, host: host, understander: understander,
                                 lockSource: SessionLockSource(store: view), turnLock: turnLock, eventRelay: eventRelay),
                preferences: view)
        }
        return configuration
    }
}

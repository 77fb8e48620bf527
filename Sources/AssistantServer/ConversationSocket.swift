import Hummingbird
import HummingbirdWebSocket

/// A WebSocket route of one conversation (`…/conversations/{id}/…`): a 404 before upgrading when there is
/// no such conversation, then `body` with the conversation, the socket's messages and its writer.
struct ConversationSocket: Sendable {
    let hub: ConversationHub

    func register(_ path: RouterPath, on router: Router<BasicWebSocketRequestContext>,
                  body: @escaping @Sendable (ServedConversation, WebSocketInboundStream, WebSocketOutboundWriter,
                                             WebSocketRouterContext<BasicWebSocketRequestContext>) async throws -> Void) {
        router.ws(path) { _, context in
            guard let id = context.parameters.get("id")?.lowercased() else { return .dontUpgrade }
            _ = try await hub.conversation(id)  // 404 before upgrading when there is none
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            guard let id = context.requestContext.parameters.get("id")?.lowercased(),
                  let served = try? await hub.conversation(id) else {
                try await outbound.close(.unexpectedServerError, reason: "no such conversation")
                return
            }
            try await body(served, inbound, outbound, context)
        }
    }
}

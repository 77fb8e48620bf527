import Hummingbird
import HummingbirdWebSocket

/// A WebSocket route of one conversation (`…/conversations/{id}/…`): a 404 before upgrading when there is
/// no such conversation (of the token's user), then `body` with the conversation, the socket's messages and its writer.
struct ConversationSocket: Sendable {
    let hub: ConversationHub
    let users: ServedUsers

    func register(_ path: RouterPath, on router: Router<BasicWebSocketRequestContext>,
                  body: @escaping @Sendable (ServedConversation, WebSocketInboundStream, WebSocketOutboundWriter,
                                             WebSocketRouterContext<BasicWebSocketRequestContext>) async throws -> Void) {
        router.ws(path) { _, context in
            guard let id = context.parameters.get("id")?.lowercased() else { return .dontUpgrade }
            let (user, space) = try users.current()
            _ = try await hub.conversation(id, user: user, space: space)  // 404 before upgrading when there is none
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            // Upgraded outside the gate's task: the user is found again from the request's token, which the gate let in.
            guard let id = context.requestContext.parameters.get("id")?.lowercased(),
                  let given = RequestGate<BasicWebSocketRequestContext>.token(of: context.request),
                  let user = try? users.user(forToken: given),
                  let space = try? users.space(for: user),
                  let served = try? await hub.conversation(id, user: user, space: space) else {
                try await outbound.close(.unexpectedServerError, reason: "no such conversation")
                return
            }
            try await body(served, inbound, outbound, context)
        }
    }
}

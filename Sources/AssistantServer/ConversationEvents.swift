import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// `GET /v1/conversations/{id}/events` (WebSocket): every turn of the conversation as a JSON text
/// message, as it happens — the answers to turns sent over HTTP, waiting turns, and turns that come
/// later on their own (ride status, background work). `?after=N` first sends the kept turns after N.
/// Messages from the client are ignored; the socket closes when the conversation ends.
struct ConversationEvents: Sendable {
    let hub: ConversationHub
    let users: ServedUsers

    func register(on router: Router<BasicWebSocketRequestContext>) {
        ConversationSocket(hub: hub, users: users).register("v1/conversations/:id/events", on: router) { served, inbound, outbound, context in
            let after = context.request.uri.queryParameters.get("after").flatMap(Int.init) ?? 0
            let turns = served.log.listen(after: max(0, after))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await turn in turns {
                        guard let data = try? encoder.encode(turn) else { continue }
                        do {
                            try await outbound.write(.text(String(decoding: data, as: UTF8.self)))
                        } catch {
                            return
                        }
                    }
                }
                group.addTask {
                    // Read until the client closes; what it sends is not used.
                    do { for try await _ in inbound {} } catch {}
                }
                await group.next()
                group.cancelAll()
            }
        }
    }
}

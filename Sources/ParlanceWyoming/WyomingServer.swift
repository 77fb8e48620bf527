import Logging
import NIOCore
import NIOPosix
import ParlanceEngine

/// Parlance as a Wyoming service (Home Assistant's protocol between voice satellites and speech and
/// intent services): listens on TCP and answers each connection's events with a `WyomingHandler`.
public struct WyomingServer: Sendable {
    let host: String
    let port: Int
    let handler: WyomingHandler
    let logger: Logger

    public init(host: String, port: Int, handler: WyomingHandler, logger: Logger = Logger(label: "parlance.wyoming")) {
        self.host = host
        self.port = port
        self.handler = handler
        self.logger = logger
    }

    /// Serves until cancelled; `ready` hears the bound port (useful with port 0).
    public func run(ready: @Sendable (Int) -> Void = { _ in }) async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            // A client that stops sending (half-closes) still gets its answers.
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(WyomingEventDecoder()))
                    try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(WyomingEventEncoder()))
                    return try NIOAsyncChannel<WyomingEvent, WyomingEvent>(wrappingChannelSynchronously: channel)
                }
            }
        ready(server.channel.localAddress?.port ?? port)
        try await withThrowingDiscardingTaskGroup { group in
            try await server.executeThenClose { connections in
                for try await connection in connections {
                    group.addTask { await serve(connection) }
                }
            }
        }
    }

    private func serve(_ channel: NIOAsyncChannel<WyomingEvent, WyomingEvent>) async {
        let connection = handler.connection()
        do {
            try await channel.executeThenClose { inbound, outbound in
                try await withThrowingDiscardingTaskGroup { group in
                    var opened: [Conversation] = []
                    do {
                        for try await event in inbound {
                            for answer in await connection.answer(event) { try await outbound.write(answer) }
                            for conversation in await connection.opened() {
                                opened.append(conversation)
                                group.addTask { await conversation.run() }
                            }
                        }
                    } catch {
                        let reason = (error as? WyomingEventDecoder.Refusal)?.description ?? "an event it could not read"
                        logger.notice("closing a Wyoming connection: \(reason)")
                        try? await outbound.write(WyomingEvent(type: "error", data: [
                            "text": .string("Parlance closed the connection: \(reason)"), "code": .string("bad-event")]))
                    }
                    for conversation in opened { conversation.finish() }
                }
            }
        } catch {
            logger.debug("a Wyoming connection ended: \(error)")
        }
    }
}

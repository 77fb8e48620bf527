import NIOCore
import NIOPosix
import Synchronization

/// One exchange with a Wyoming service as its client: connect, send events, read the answers until one
/// ends the exchange, close. Every step is bounded by a deadline, so a silent or stuck service costs at
/// most that long.
struct WyomingExchange: Sendable {
    let host: String
    let port: Int
    let timeout: TimeAmount

    /// Why an exchange failed.
    enum Failure: Error, Sendable {
        /// Nothing listens at the address (or the connection could not be made in time).
        case unreachable(String)
        /// The service did not finish answering in time.
        case timedOut
        /// The service closed the connection before its answer ended.
        case closedEarly
        /// The service answered with an `error` event.
        case refused(String)
        /// The service sent what the protocol does not allow here.
        case malformed(String)
    }

    /// Sends `events`, then hands each answer to `read` until it says the exchange is done (returns a
    /// value). An `error` event from the service ends the exchange as `refused`.
    func run<Result: Sendable>(sending events: [WyomingEvent],
                               reading read: @Sendable (WyomingEvent) throws(Failure) -> Result?) async throws(Failure) -> Result {
        let channel: NIOAsyncChannel<WyomingEvent, WyomingEvent>
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(5))
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(WyomingEventDecoder()))
                        try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(WyomingEventEncoder()))
                        return try NIOAsyncChannel<WyomingEvent, WyomingEvent>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw .unreachable("\(error)")
        }
        // The deadline closes the connection, which ends the reading below.
        let expired = Expiry()
        let deadline = channel.channel.eventLoop.scheduleTask(in: timeout) {
            expired.passed.withLock { $0 = true }
            channel.channel.close(promise: nil)
        }
        defer { deadline.cancel() }
        do {
            return try await channel.executeThenClose { inbound, outbound in
                for event in events { try await outbound.write(event) }
                for try await event in inbound {
                    if event.type == "error" {
                        throw Failure.refused(event.string("text") ?? "no reason given")
                    }
                    if let result = try read(event) { return result }
                }
                throw Failure.closedEarly
            }
        } catch let failure as Failure {
            if case .closedEarly = failure, expired.hasPassed { throw .timedOut }
            throw failure
        } catch let refusal as WyomingEventDecoder.Refusal {
            throw .malformed(refusal.description)
        } catch {
            throw expired.hasPassed ? .timedOut : .closedEarly
        }
    }

    /// Whether an exchange's deadline has passed (set on the event loop, read by the exchange).
    private final class Expiry: Sendable {
        let passed = Mutex(false)
        var hasPassed: Bool { passed.withLock { $0 } }
    }
}

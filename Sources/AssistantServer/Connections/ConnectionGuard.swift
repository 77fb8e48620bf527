import Foundation
import NIOCore

/// The first handler of every connection, on its raw bytes: it counts the connection against the limits per
/// client and in all, gives each request `requestTimeout` from its first byte to its last, and refuses a
/// request whose framing cannot be trusted (both `Content-Length` and `Transfer-Encoding`, a huge head…) with
/// a plain answer and a closed connection — where the HTTP decoder would otherwise wait for ever. A new
/// connection has the same time to send its first request in full.
/// Once the server has switched the connection to a WebSocket, it only passes bytes on.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let counter: ConnectionCounter
    private var framing: RequestFraming
    private var client: String?
    private var requestDeadline: Scheduled<Void>?
    private var refused = false

    init(counter: ConnectionCounter) {
        self.counter = counter
        framing = RequestFraming(maximumHeadSize: counter.limits.maximumHeadSize)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        leave()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        leave()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        guard !framing.isUpgraded else {
            context.fireChannelRead(data)
            return
        }
        let buffer = unwrapInboundIn(data)
        do {
            try framing.read(buffer.readableBytesView)
        } catch {
            refuse(context: context, status: error.status, reason: error.reason, code: error.code, message: error.message)
            return
        }
        if framing.isInRequest {
            if requestDeadline == nil { startDeadline(context: context) }
        } else {
            requestDeadline?.cancel()
            requestDeadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if framing.awaitsUpgrade, case .byteBuffer(let buffer) = unwrapOutboundIn(data) {
            let status = buffer.getString(at: buffer.readerIndex, length: min(12, buffer.readableBytes)) ?? ""
            if status.hasPrefix("HTTP/1.1 101") || status.hasPrefix("HTTP/1.0 101") {
                framing.upgraded()
                requestDeadline?.cancel()
                requestDeadline = nil
            } else {
                framing.resume()
            }
        }
        context.write(data, promise: promise)
    }

    private func admit(context: ChannelHandlerContext) {
        guard client == nil, !refused else { return }
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        if counter.admit(address) {
            client = address
            startDeadline(context: context)  // a connection that never sends its first byte is held no longer
        } else {
            refuse(context: context, status: 503, reason: "Service Unavailable", code: "tooManyConnections",
                   message: "too many connections are open; close some and try again")
        }
    }

    private func leave() {
        requestDeadline?.cancel()
        requestDeadline = nil
        if let client {
            counter.release(client)
            self.client = nil
        }
    }

    private func startDeadline(context: ChannelHandlerContext) {
        let timeout = counter.limits.requestTimeout
        let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        requestDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(nanoseconds)) { [self] in
            requestDeadline = nil
            refuse(context: context, status: 408, reason: "Request Timeout", code: "requestTimeout",
                   message: "the request was not sent in full in time")
        }
    }

    /// Answers with a JSON error of the API's shape and closes the connection; nothing more is read from it.
    private func refuse(context: ChannelHandlerContext, status: Int, reason: String, code: String, message: String) {
        guard !refused else { return }
        refused = true
        requestDeadline?.cancel()
        requestDeadline = nil
        let body = #"{"error":{"code":"\#(code)","message":"\#(message)"}}"#
        let head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
        let buffer = context.channel.allocator.buffer(string: head + body)
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(buffer))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}

@available(*, unavailable)
extension ConnectionGuard: Sendable {}

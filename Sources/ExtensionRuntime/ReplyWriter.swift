import ExtensionWire
import Foundation

/// Encodes and writes outgoing messages; safe to call from the serve loop and from app threads
/// (ride status observers) at once, since the underlying write closure serializes.
struct ReplyWriter: Sendable {
    let write: @Sendable (Data) -> Void

    func reply(_ id: WireRequestID?, result: some Encodable & Sendable) {
        guard let id else { return }
        do {
            write(try WireProtocol.line(SuccessReply(id: id, result: result)))
        } catch {
            fail(id, WireErrorObject(.internalError, "the extension could not encode its reply: \(error)"))
        }
    }

    func fail(_ id: WireRequestID?, _ error: WireErrorObject) {
        // An ErrorReply always encodes: it holds only strings and numbers.
        if let line = try? WireProtocol.line(ErrorReply(id: id, error: error)) { write(line) }
    }

    func notify(_ method: WireMethod, _ params: some Encodable & Sendable) {
        if let line = try? WireProtocol.line(OutgoingNotification(method: method, params: params)) { write(line) }
    }
}

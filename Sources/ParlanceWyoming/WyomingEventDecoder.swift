import Foundation
import NIOCore
import ParlanceCore

/// Reads Wyoming events from a byte stream, within limits: a header line of at most 64 KB, data of at
/// most 1 MB and a payload of at most 16 MB. Anything else closes the connection with an error event.
public struct WyomingEventDecoder: ByteToMessageDecoder {
    public typealias InboundOut = WyomingEvent

    /// Why a stream was refused.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    static let maximumHeader = 64 * 1024
    static let maximumData = 1 << 20
    static let maximumPayload = 16 << 20

    public init() {}

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        guard let newline = view.firstIndex(of: 0x0A) else {
            if buffer.readableBytes > Self.maximumHeader { throw Refusal(description: "a header line over 64 KB") }
            return .needMoreData
        }
        let lineLength = newline - view.startIndex
        guard lineLength <= Self.maximumHeader else { throw Refusal(description: "a header line over 64 KB") }
        guard let line = buffer.getBytes(at: buffer.readerIndex, length: lineLength),
              case .object(let header)? = try? JSONValue(jsonData: Data(line)),
              case .string(let type)? = header["type"], !type.isEmpty else {
            throw Refusal(description: "a header line that is not a JSON object with a type")
        }
        let dataLength = try Self.length(header["data_length"], limit: Self.maximumData, what: "data")
        let payloadLength = try Self.length(header["payload_length"], limit: Self.maximumPayload, what: "payload")
        guard buffer.readableBytes >= lineLength + 1 + dataLength + payloadLength else { return .needMoreData }
        buffer.moveReaderIndex(forwardBy: lineLength + 1)
        var data: [String: JSONValue] = [:]
        if case .object(let inline)? = header["data"] { data = inline }
        if dataLength > 0 {
            guard let bytes = buffer.readBytes(length: dataLength),
                  case .object(let separate)? = try? JSONValue(jsonData: Data(bytes)) else {
                throw Refusal(description: "event data that is not a JSON object")
            }
            data.merge(separate) { _, new in new }
        }
        let payload = payloadLength > 0 ? buffer.readBytes(length: payloadLength).map { Data($0) } : nil
        context.fireChannelRead(wrapInboundOut(WyomingEvent(type: type, data: data, payload: payload)))
        return .continue
    }

    private static func length(_ value: JSONValue?, limit: Int, what: String) throws -> Int {
        guard let value else { return 0 }
        guard case .number(let number) = value, number >= 0, number == number.rounded() else {
            throw Refusal(description: "a \(what)_length that is not a whole number")
        }
        guard number <= Double(limit) else { throw Refusal(description: "\(what) over \(limit) bytes") }
        return Int(number)
    }
}

/// Writes Wyoming events.
public struct WyomingEventEncoder: MessageToByteEncoder {
    public typealias OutboundIn = WyomingEvent

    public init() {}

    public func encode(data: WyomingEvent, out: inout ByteBuffer) throws {
        out.writeBytes(data.encoded)
    }
}

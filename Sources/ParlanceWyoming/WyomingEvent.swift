import Foundation
import ParlanceCore
import ParlanceSpeech

/// One event of the Wyoming protocol (Home Assistant's voice services): a JSON header line naming its
/// type, with its data inline or in the `data_length` bytes after the line, then `payload_length` bytes
/// of payload (audio).
public struct WyomingEvent: Sendable, Equatable {
    /// "describe", "info", "transcript", "handled", "not-handled", "ping", "pong", "error"…
    public var type: String
    /// The event's data.
    public var data: [String: JSONValue]
    /// Audio or other bytes.
    public var payload: Data?

    public init(type: String, data: [String: JSONValue] = [:], payload: Data? = nil) {
        self.type = type
        self.data = data
        self.payload = payload
    }

    /// A string of the data.
    public func string(_ key: String) -> String? {
        if case .string(let value)? = data[key] { return value }
        return nil
    }

    /// The event as bytes: the header line, the data (when any) and the payload.
    public var encoded: Data {
        var header: [String: JSONValue] = ["type": .string(type), "version": .string(Self.protocolVersion)]
        var dataBytes = Data()
        if !data.isEmpty, let bytes = try? Self.encoder.encode(JSONValue.object(data)) {
            dataBytes = bytes
            header["data_length"] = .number(Double(bytes.count))
        }
        if let payload, !payload.isEmpty { header["payload_length"] = .number(Double(payload.count)) }
        var output = (try? Self.encoder.encode(JSONValue.object(header))) ?? Data("{\"type\":\"error\"}".utf8)
        output.append(0x0A)
        output.append(dataBytes)
        if let payload { output.append(payload) }
        return output
    }

    /// Audio as Wyoming streams it: `audio-start` with its format, `audio-chunk`s of 1,024 samples (as Home
    /// Assistant's satellites send), `audio-stop`.
    public static func stream(_ audio: WaveAudio) -> [WyomingEvent] {
        let format: [String: JSONValue] = ["rate": .number(Double(audio.sampleRate)), "width": .number(2), "channels": .number(1)]
        var events = [WyomingEvent(type: "audio-start", data: format)]
        let pcm = audio.pcm
        var offset = 0
        while offset < pcm.count {
            let end = min(pcm.count, offset + chunkBytes)
            events.append(WyomingEvent(type: "audio-chunk", data: format, payload: pcm.subdata(in: offset..<end)))
            offset = end
        }
        return events + [WyomingEvent(type: "audio-stop")]
    }

    /// Bytes of 16-bit audio per chunk.
    static let chunkBytes = 2_048

    /// The version of the protocol written in headers.
    public static let protocolVersion = "1.5.0"

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

import Foundation
import ParlanceCore
import ParlanceSpeech
import Synchronization

/// The audio a Wyoming text-to-speech service streams back (`audio-start`, `audio-chunk`…, `audio-stop`),
/// gathered into one recording within a size limit.
final class SynthesizedAudio: Sendable {
    private struct Stream {
        var rate = 0
        var width = 2
        var channels = 1
        var started = false
        var bytes = Data()
    }

    private let stream = Mutex(Stream())
    /// The most audio taken: 64 MB (about half an hour of 16 kHz speech).
    static let maximumBytes = 64 << 20

    /// Takes one event; the recording when the stream ends.
    func take(_ event: WyomingEvent) throws(WyomingExchange.Failure) -> WaveAudio? {
        try stream.withLock { stream throws(WyomingExchange.Failure) -> WaveAudio? in
            switch event.type {
            case "audio-start", "audio-chunk":
                let rate = Self.integer(event.data["rate"]) ?? stream.rate
                let width = Self.integer(event.data["width"]) ?? stream.width
                let channels = Self.integer(event.data["channels"]) ?? stream.channels
                if stream.started, !stream.bytes.isEmpty, (rate, width, channels) != (stream.rate, stream.width, stream.channels) {
                    throw .malformed("audio whose format changed in the middle")
                }
                (stream.rate, stream.width, stream.channels, stream.started) = (rate, width, channels, true)
                if let payload = event.payload {
                    guard stream.bytes.count + payload.count <= Self.maximumBytes else {
                        throw .malformed("more than \(Self.maximumBytes >> 20) MB of audio")
                    }
                    stream.bytes.append(payload)
                }
                return nil
            case "audio-stop":
                guard stream.started, stream.rate > 0 else { throw .malformed("audio without its format (no audio-start)") }
                do {
                    return try WaveAudio(pcm: stream.bytes, sampleRate: stream.rate, width: stream.width, channels: stream.channels)
                } catch {
                    throw .malformed("audio Parlance cannot read (\((error as? SpeechError)?.message ?? "\(error)"))")
                }
            default:
                return nil
            }
        }
    }

    private static func integer(_ value: JSONValue?) -> Int? {
        guard case .number(let number)? = value, number.isFinite, number >= 0, number < 1e9 else { return nil }
        return Int(number)
    }
}

import Foundation
import ParlanceCore
import ParlanceSpeech

/// Audio a client streams for recognition (`transcribe`, `audio-start`, `audio-chunk`…, `audio-stop`),
/// with end-pointing: the utterance is complete when the client stops or when speech is followed by
/// enough silence, whichever comes first.
struct StreamedUtterance: Sendable {
    let language: String
    private(set) var rate = 16_000
    private(set) var width = 2
    private(set) var channels = 1
    private(set) var samples: [Int16] = []
    private var detector: VoiceActivityDetector
    private let trailingSilence: Duration
    /// Whether its transcript was sent (the rest of the stream is then ignored).
    var answered = false

    init(language: String, trailingSilence: Duration) {
        self.language = language
        self.trailingSilence = trailingSilence
        detector = VoiceActivityDetector(sampleRate: rate, trailingSilence: trailingSilence)
    }

    /// Why a stream was refused.
    enum Refusal: Error {
        case tooLong
        case unreadable(String)
    }

    /// Takes the format of `audio-start` (or of a chunk, when the client sent none).
    mutating func start(_ data: [String: JSONValue]) {
        rate = Self.integer(data["rate"]) ?? rate
        width = Self.integer(data["width"]) ?? width
        channels = Self.integer(data["channels"]) ?? channels
        samples = []
        detector = VoiceActivityDetector(sampleRate: rate, trailingSilence: trailingSilence)
    }

    /// Adds a chunk; true when speech has ended.
    mutating func append(_ payload: Data) throws(Refusal) -> Bool {
        let audio: WaveAudio
        do {
            audio = try WaveAudio(pcm: payload, sampleRate: rate, width: width, channels: channels)
        } catch {
            throw .unreadable(error.message)
        }
        guard samples.count + audio.samples.count <= WyomingSpeech.longestUtterance * max(rate, 1) else { throw .tooLong }
        samples += audio.samples
        return detector.append(audio.samples)
    }

    /// The audio so far.
    var audio: WaveAudio { WaveAudio(sampleRate: rate, samples: samples) }

    private static func integer(_ value: JSONValue?) -> Int? {
        guard case .number(let number)? = value, number.isFinite, number >= 1, number < 1e7 else { return nil }
        return Int(number)
    }
}

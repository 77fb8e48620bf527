import Foundation
import ParlanceCore
import ParlanceSpeech

/// Audio a Wyoming client streams for recognition (`transcribe`, `audio-start`, `audio-chunk`…,
/// `audio-stop`) in the format it announced, recorded with end-pointing.
struct StreamedUtterance: Sendable {
    let language: String
    private(set) var width = 2
    private(set) var channels = 1
    private var recorder: UtteranceRecorder
    private let trailingSilence: Duration
    /// Whether its transcript was sent (the rest of the stream is then ignored).
    var answered = false

    init(language: String, trailingSilence: Duration) {
        self.language = language
        self.trailingSilence = trailingSilence
        recorder = UtteranceRecorder(sampleRate: 16_000, trailingSilence: trailingSilence, longestSeconds: WyomingSpeech.longestUtterance)
    }

    /// Takes the format of `audio-start` (or of a chunk, when the client sent none); starts over.
    mutating func start(_ data: [String: JSONValue]) {
        width = Self.integer(data["width"]) ?? width
        channels = Self.integer(data["channels"]) ?? channels
        recorder = UtteranceRecorder(sampleRate: Self.integer(data["rate"]) ?? recorder.sampleRate, trailingSilence: trailingSilence,
                                     longestSeconds: WyomingSpeech.longestUtterance)
    }

    /// Whether audio has come since the start.
    var isEmpty: Bool { recorder.samples.isEmpty }

    /// Adds a chunk; true when speech has ended.
    mutating func append(_ payload: Data) throws(SpeechError) -> Bool {
        let audio = try WaveAudio(pcm: payload, sampleRate: recorder.sampleRate, width: width, channels: channels)
        return try recorder.append(audio.samples)
    }

    /// The audio so far.
    var audio: WaveAudio { recorder.audio }

    private static func integer(_ value: JSONValue?) -> Int? {
        guard case .number(let number)? = value, number.isFinite, number >= 1, number < 1e7 else { return nil }
        return Int(number)
    }
}

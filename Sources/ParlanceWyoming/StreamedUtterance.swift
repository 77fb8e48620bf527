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
    /// The utterance streaming into the recogniser as it comes, when the recogniser can take it so (else it
    /// hears the recording at the end): then only the last moments are left to decode when speech stops.
    private(set) var stream: (any SpeechStream)?

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

    /// Streams the audio from now on into `recognizer`, when it can take it (after `start`, which sets the rate).
    mutating func stream(into recognizer: (any SpeechRecognizer)?) {
        stream = nil  // an earlier stream is abandoned first: the decoder hears one utterance at a time
        guard let streaming = recognizer as? any StreamingSpeechRecognizer, recorder.samples.isEmpty else { return }
        // Not streaming is no failure: the recording is heard whole at the end.
        stream = try? streaming.startStream(language: language, sampleRate: recorder.sampleRate)
    }

    /// Whether audio has come since the start.
    var isEmpty: Bool { recorder.samples.isEmpty }

    /// Adds a chunk; true when speech has ended.
    mutating func append(_ payload: Data) throws(SpeechError) -> Bool {
        let audio = try WaveAudio(pcm: payload, sampleRate: recorder.sampleRate, width: width, channels: channels)
        let ended = try recorder.append(audio.samples)
        do {
            try stream?.append(audio.samples)
        } catch {
            stream = nil  // the recording is heard whole at the end instead
        }
        return ended
    }

    /// What was heard: the stream's readings, or the recording's when it was not streamed (or the stream failed).
    func readings(from recognizer: any SpeechRecognizer) async throws(SpeechError) -> [SpeechHypothesis] {
        if let stream, let heard = try? await stream.finish() { return heard }
        return try await recognizer.recognize(audio, language: language)
    }

    /// The audio so far.
    var audio: WaveAudio { recorder.audio }

    private static func integer(_ value: JSONValue?) -> Int? {
        guard case .number(let number)? = value, number.isFinite, number >= 1, number < 1e7 else { return nil }
        return Int(number)
    }
}

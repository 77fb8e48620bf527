import ParlanceSpeech
import Synchronization

/// An utterance heard as it streams in, as `SpokenRequestRecognizer` hears a recording: when it trims silence
/// only the speech goes to the engine (`SpeechGate`), else all of it as it comes; the readings come back with
/// names written as written, the one understanding can serve first.
final class SpokenRequestStream: SpeechStream {
    private let engine: any SpeechStream
    private let recognizer: SpokenRequestRecognizer
    private let language: String
    /// nil when the engine gets the audio as made (a service applies its own end-pointing).
    private let gate: Mutex<SpeechGate>?

    init(engine: any SpeechStream, sampleRate: Int, recognizer: SpokenRequestRecognizer, language: String) {
        self.engine = engine
        self.recognizer = recognizer
        self.language = language
        gate = recognizer.trimsSilence ? Mutex(SpeechGate(sampleRate: sampleRate)) : nil
    }

    func append(_ samples: [Int16]) throws(SpeechError) {
        let speech = gate?.withLock { $0.append(samples) } ?? samples
        if !speech.isEmpty { try engine.append(speech) }
    }

    func finish() async throws(SpeechError) -> [SpeechHypothesis] {
        let readings = try await engine.finish()
        guard gate?.withLock({ $0.heardSpeech }) ?? true else { return [] }
        return recognizer.hearing(readings, language: language).ordered
    }
}

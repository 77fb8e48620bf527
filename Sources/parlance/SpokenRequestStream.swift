import ParlanceSpeech
import Synchronization

/// An utterance heard as it streams in, as `SpokenRequestRecognizer` hears a recording: only its speech goes
/// to the engine (`SpeechGate`), and the readings come back with names written as written, the one
/// understanding can serve first.
final class SpokenRequestStream: SpeechStream {
    private let engine: any SpeechStream
    private let recognizer: SpokenRequestRecognizer
    private let language: String
    private let gate: Mutex<SpeechGate>

    init(engine: any SpeechStream, sampleRate: Int, recognizer: SpokenRequestRecognizer, language: String) {
        self.engine = engine
        self.recognizer = recognizer
        self.language = language
        gate = Mutex(SpeechGate(sampleRate: sampleRate))
    }

    func append(_ samples: [Int16]) throws(SpeechError) {
        let speech = gate.withLock { $0.append(samples) }
        if !speech.isEmpty { try engine.append(speech) }
    }

    func finish() async throws(SpeechError) -> [SpeechHypothesis] {
        let readings = try await engine.finish()
        guard gate.withLock({ $0.heardSpeech }) else { return [] }
        return recognizer.hearing(readings, language: language).ordered
    }
}

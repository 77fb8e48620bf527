/// Passes on the part of a stream that is speech, as it becomes known: from 200 ms before speech starts to
/// 200 ms after it last stopped, pauses inside included — what `VoiceActivityDetector.speech(in:)` keeps of
/// a whole recording, without waiting for its end. Silence after the last speech is held back and passed on
/// only if speech comes again.
public struct SpeechGate: Sendable {
    private var detector: VoiceActivityDetector
    private var recorded: [Int16] = []
    /// How many of `recorded` were passed on or skipped as leading silence.
    private var released = 0

    public init(sampleRate: Int) {
        detector = VoiceActivityDetector(sampleRate: sampleRate)
    }

    /// Adds samples; returns those now known to belong to the speech, each once and in order.
    public mutating func append(_ samples: [Int16]) -> [Int16] {
        recorded += samples
        detector.append(samples)
        guard let speech = detector.speechSamples else { return [] }
        released = max(released, speech.lowerBound)
        let end = min(speech.upperBound, recorded.count)
        guard end > released else { return [] }
        defer { released = end }
        return Array(recorded[released..<end])
    }

    /// Whether any speech was heard.
    public var heardSpeech: Bool { detector.heardSpeech }
}

/// A recogniser that can hear an utterance while it is still being spoken: audio goes to the engine as it
/// streams in, so that when the speaker stops only the last moments are left to decode.
public protocol StreamingSpeechRecognizer: SpeechRecognizer {
    /// Starts hearing an utterance of 16-bit samples at `sampleRate`; nil when this recogniser cannot stream
    /// it now (another utterance is streaming, or the rate is not the engine's) — the caller then recognises
    /// the whole recording at the end, as before.
    func startStream(language: String, sampleRate: Int) throws(SpeechError) -> (any SpeechStream)?
}

/// One utterance being heard as it streams in. Dropping it unfinished abandons it.
public protocol SpeechStream: AnyObject, Sendable {
    /// More of the utterance, in order.
    func append(_ samples: [Int16]) throws(SpeechError)
    /// The end of the utterance: its readings, best first, as `recognize` gives them for the whole recording.
    func finish() async throws(SpeechError) -> [SpeechHypothesis]
}

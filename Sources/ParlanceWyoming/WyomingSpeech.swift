import ParlanceSpeech

/// The speech a Wyoming service offers besides handling: recognition (`transcribe` and audio in,
/// `transcript` out) and voices (`synthesize` in, audio out).
public struct WyomingSpeech: Sendable {
    /// Hears requests; nil when this service does not recognise speech.
    public var recognizer: (any SpeechRecognizer)?
    /// The languages it recognises.
    public var recognitionLanguages: [String]
    /// Speaks; nil when this service has no voice.
    public var synthesizer: (any SpeechSynthesizer)?
    /// The languages it speaks.
    public var voiceLanguages: [String]
    /// Silence after speech that ends an utterance before the client stops sending audio.
    public var trailingSilence: Duration

    public init(recognizer: (any SpeechRecognizer)?, recognitionLanguages: [String], synthesizer: (any SpeechSynthesizer)?,
                voiceLanguages: [String], trailingSilence: Duration = .milliseconds(800)) {
        self.recognizer = recognizer
        self.recognitionLanguages = recognitionLanguages
        self.synthesizer = synthesizer
        self.voiceLanguages = voiceLanguages
        self.trailingSilence = trailingSilence
    }

    /// The longest utterance taken, in seconds of audio.
    public static let longestUtterance = 60
}

import ParlanceSpeech

/// The speech `parlance serve` offers the web page: recognition of push-to-talk audio and voices for the
/// answers. Either may be missing (the engines are not installed); the page then types and uses the
/// browser's own voice.
public struct ServerSpeech: Sendable {
    /// Hears requests; nil when the server does not recognise speech.
    public var recognizer: (any SpeechRecognizer)?
    /// The languages it recognises.
    public var recognitionLanguages: [String]
    /// Speaks answers; nil when the server has no voice.
    public var synthesizer: (any SpeechSynthesizer)?
    /// The languages it speaks.
    public var voiceLanguages: [String]

    public init(recognizer: (any SpeechRecognizer)? = nil, recognitionLanguages: [String] = [],
                synthesizer: (any SpeechSynthesizer)? = nil, voiceLanguages: [String] = []) {
        self.recognizer = recognizer
        self.recognitionLanguages = recognizer == nil ? [] : recognitionLanguages
        self.synthesizer = synthesizer
        self.voiceLanguages = synthesizer == nil ? [] : voiceLanguages
    }

    /// The longest push-to-talk utterance, in seconds.
    static let longestUtterance = 60
    /// The longest text spoken in one request, in characters.
    static let longestText = 2_000
}

/// Turns speech into text: the most likely sentences, best first.
public protocol SpeechRecognizer: Sendable {
    /// The languages it recognises.
    var languages: [String] { get }
    /// Recognises one utterance; an empty list when nothing in it was understood as words it knows. Engines
    /// on this machine answer at once; a speech service over the network is awaited.
    func recognize(_ audio: WaveAudio, language: String) async throws(SpeechError) -> [SpeechHypothesis]
}

/// One reading of an utterance.
public struct SpeechHypothesis: Sendable, Equatable, Codable {
    /// The words, lower-case, separated by spaces.
    public var text: String
    /// The engine's score (log scale; higher is better; comparable only within one utterance).
    public var score: Double
    /// How sure the engine is of the best reading, 0–1, where it says (pocketsphinx's posterior).
    public var confidence: Double?

    public init(text: String, score: Double, confidence: Double? = nil) {
        self.text = text
        self.score = score
        self.confidence = confidence
    }
}

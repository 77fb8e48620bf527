/// Makes speech from text: a voice for a language, at a pace.
public protocol SpeechSynthesizer: Sendable {
    /// The languages it has a voice for (BCP 47 tags such as "en", "de").
    var languages: [String] { get }
    /// Speaks `text` in `language`.
    func synthesize(_ text: String, language: String, voice: VoiceStyle) async throws(SpeechError) -> WaveAudio
}

/// How a synthesised voice sounds.
public struct VoiceStyle: Sendable, Equatable {
    /// Words per minute (about 80–450).
    public var wordsPerMinute: Int
    /// Pitch, 0–99 (50 is the voice's own).
    public var pitch: Int
    /// A voice variant of the engine's ("f3", "m2"…); nil for the language's default.
    public var variant: String?

    public init(wordsPerMinute: Int = 165, pitch: Int = 50, variant: String? = nil) {
        self.wordsPerMinute = wordsPerMinute
        self.pitch = pitch
        self.variant = variant
    }

    /// The voice of spoken answers.
    public static let standard = VoiceStyle()
}

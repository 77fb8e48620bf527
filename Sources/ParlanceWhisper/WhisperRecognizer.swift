import ParlanceSpeech
import ParlanceWyoming

/// Whisper as Parlance's recogniser: each utterance goes to the home's service (started, or restarted when
/// the names changed, as needed), primed with the names current at that moment.
public struct WhisperRecognizer: SpeechRecognizer {
    public let service: WhisperService
    public let languages: [String]
    /// The names to prime recognition with, most useful first (apps, then vocabulary); read per utterance,
    /// so a contact added while a server runs is primed from the next request on.
    public let names: @Sendable () -> [String]

    public init(service: WhisperService, languages: [String], names: @escaping @Sendable () -> [String]) {
        self.service = service
        self.languages = languages
        self.names = names
    }

    public func recognize(_ audio: WaveAudio, language: String) async throws(SpeechError) -> [SpeechHypothesis] {
        let names = self.names()
        let address = try await service.address(prompt: WhisperPrompt(names: names))
        // A loaded two-core machine has taken over 30 s for a first request while the model warmed up.
        return try await WyomingSpeechService(address: address, names: names, timeout: .seconds(120))
            .recognize(audio, language: language)
    }
}

import ParlanceSpeech
import ParlanceWyoming
import Synchronization

/// Whisper as Parlance's recogniser: each utterance goes to the home's service (started, or restarted when
/// the names changed, as needed), primed with the names current at that moment. An utterance can stream to
/// the service while it is spoken once the service is known to run with those names.
public struct WhisperRecognizer: StreamingSpeechRecognizer {
    public let service: WhisperService
    public let languages: [String]
    /// The names to prime recognition with, most useful first (apps, then vocabulary); read per utterance,
    /// so a contact added while a server runs is primed from the next request on.
    public let names: @Sendable () -> [String]
    /// Where the service answered last, and for which prompt.
    private let known = KnownAddress()

    public init(service: WhisperService, languages: [String], names: @escaping @Sendable () -> [String]) {
        self.service = service
        self.languages = languages
        self.names = names
    }

    /// Starts (or finds) the service for the current names; `recognize` and streams then go to it.
    @discardableResult
    public func warmUp() async throws(SpeechError) -> String {
        let prompt = WhisperPrompt(names: names())
        let address = try await service.address(prompt: prompt)
        known.value.withLock { $0 = (address, prompt.digest) }
        return address
    }

    public func recognize(_ audio: WaveAudio, language: String) async throws(SpeechError) -> [SpeechHypothesis] {
        let names = self.names()
        let prompt = WhisperPrompt(names: names)
        let address = try await service.address(prompt: prompt)
        known.value.withLock { $0 = (address, prompt.digest) }
        return try await Self.client(address, names: names).recognize(audio, language: language)
    }

    /// A stream to the service when it is known to run with the current names; else nil, and the recording is
    /// heard whole at its end (which starts the service as needed).
    public func startStream(language: String, sampleRate: Int) throws(SpeechError) -> (any SpeechStream)? {
        let names = self.names()
        let digest = WhisperPrompt(names: names).digest
        guard let (address, primed) = known.value.withLock({ $0 }), primed == digest else { return nil }
        return try Self.client(address, names: names).startStream(language: language, sampleRate: sampleRate)
    }

    /// A loaded two-core machine has taken over 30 s for a first request while the model warmed up.
    private static func client(_ address: String, names: [String]) throws(SpeechError) -> WyomingSpeechService {
        try WyomingSpeechService(address: address, names: names, timeout: .seconds(120))
    }
}

/// The address a recogniser's copies share.
private final class KnownAddress: Sendable {
    let value = Mutex<(address: String, prompt: String)?>(nil)
}

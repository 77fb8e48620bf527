import ArgumentParser
import ParlanceSpeech
import ParlanceWyoming

/// The voice a command speaks with: a Wyoming text-to-speech service when `--text-to-speech` names one,
/// else espeak-ng. A bad address is reported as the CLI reports errors.
enum VoiceChoice {
    static func voice(service: String?, voiceName: String? = nil) throws -> any SpeechSynthesizer {
        guard let service else { return EspeakSynthesizer() }
        do {
            return try WyomingSpeechService(address: service, voiceName: voiceName)
        } catch {
            Terminal.error("error: \(error.message)")
            throw ExitCode(1)
        }
    }
}

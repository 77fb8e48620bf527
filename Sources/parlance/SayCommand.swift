import ArgumentParser
import Foundation
import ParlanceSpeech
import ParlanceWyoming

/// `parlance say TEXT --out FILE.wav`: speaks text with the offline voice of a language.
struct SayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say", abstract: "Speak text into a WAV file with the offline voice (espeak-ng).",
        discussion: "Languages: en, de, fr, it, ja (kana only), zh (espeak-ng's Mandarin reads only part of the "
            + "characters); docs/speech.md lists the limits. With --text-to-speech, a Wyoming service speaks instead.")

    @Argument(help: "The text to speak.") var text: String
    @Option(help: ArgumentHelp("Where to write the WAV file.", valueName: "file")) var out: String
    @Option(help: ArgumentHelp("The language (en, de, fr, it, ja, zh).", valueName: "code")) var language = "en"
    @Option(help: "Words per minute (80–450).") var rate = VoiceStyle.standard.wordsPerMinute
    @Option(help: "Pitch (0–99).") var pitch = VoiceStyle.standard.pitch
    @Option(help: ArgumentHelp("An espeak-ng voice variant (f3, m2…), or the Wyoming service's voice name.", valueName: "name"))
    var variant: String?
    @Option(help: ArgumentHelp("Speak with this Wyoming text-to-speech service instead of espeak-ng.", valueName: "tcp://host:port"))
    var textToSpeech: String?

    func run() async throws {
        guard !text.allSatisfy({ $0.isWhitespace }) else {
            Terminal.error("error: \(SpeechError.nothingToSay.message)")
            throw ExitCode(1)
        }
        let style = VoiceStyle(wordsPerMinute: rate, pitch: pitch, variant: variant)
        let voice = try VoiceChoice.voice(service: textToSpeech, voiceName: variant)
        do {
            if let service = voice as? WyomingSpeechService, let variant { try await Self.check(variant, of: service) }
            let audio = try await voice.synthesize(text, language: language, voice: style)
            try audio.wav.write(to: URL(fileURLWithPath: out), options: .atomic)
            print("\(out): \(audio.samples.count * 1000 / max(audio.sampleRate, 1)) ms at \(audio.sampleRate) Hz")
        } catch let error as SpeechError {
            Terminal.error("error: \(error.message)")
            throw ExitCode(1)
        } catch {
            Terminal.error("error: could not write \(out): \(error.localizedDescription)")
            throw ExitCode(1)
        }
    }

    /// A voice the service does not name in its `describe` answer is an error listing those it does (a service that
    /// names none is trusted): a service would otherwise speak with another voice.
    static func check(_ name: String, of service: WyomingSpeechService) async throws(SpeechError) {
        let voices = try await service.describe().voices.map(\.name)
        guard !voices.isEmpty, !voices.contains(name) else { return }
        throw SpeechError(.unknownVoice, "the Wyoming service at \(service.address) has no voice \"\(name)\"; its voices: "
                          + voices.joined(separator: ", "))
    }
}

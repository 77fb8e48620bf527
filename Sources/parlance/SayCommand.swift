import ArgumentParser
import Foundation
import ParlanceSpeech
import ParlanceWyoming

/// `parlance say TEXT --out FILE.wav`: speaks text with the offline voice of a language.
struct SayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say", abstract: "Speak text into a WAV file with the offline voice (espeak-ng).",
        discussion: "Languages: \(VoiceLanguages.offline.codes.joined(separator: ", ")) (espeak-ng reads Japanese kana only "
            + "and only part of the Chinese characters; docs/speech.md lists the limits). With --text-to-speech, a Wyoming "
            + "service speaks instead, in those of its languages Parlance speaks.")

    @Argument(help: "The text to speak.") var text: String
    @Option(help: ArgumentHelp("Where to write the WAV file.", valueName: "file")) var out: String
    @Option(help: ArgumentHelp("The language (\(VoiceLanguages.offline.codes.joined(separator: ", "))).", valueName: "code"))
    var language = "en"
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
            // The languages `parlance wyoming` would list for this voice in `describe`: only those are spoken.
            let spoken = if let service = voice as? WyomingSpeechService {
                try await Self.languages(of: service, voice: variant)
            } else {
                VoiceLanguages(voice.languages)
            }
            _ = try spoken.check(language)
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

    /// The languages a service speaks that Parlance understands, as `parlance wyoming` in front of it lists them.
    /// A voice (`--variant`) it does not name in its `describe` answer is an error listing those it does (a service
    /// that names none is trusted): it would otherwise speak with another voice.
    static func languages(of service: WyomingSpeechService, voice name: String?) async throws(SpeechError) -> VoiceLanguages {
        let voices = try await service.describe().voices
        if let name, !voices.isEmpty, !voices.contains(where: { $0.name == name }) {
            throw SpeechError(.unknownVoice, "the Wyoming service at \(service.address) has no voice \"\(name)\"; its voices: "
                              + voices.map(\.name).joined(separator: ", "))
        }
        let named = voices.filter { name == nil || $0.name == name }
        return VoiceLanguages(WyomingCommand.understood(named.flatMap(\.languages)))
    }
}

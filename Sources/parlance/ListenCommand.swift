import ArgumentParser
import Foundation
import ParlanceCore
import ParlanceSpeech
import ParlanceUnderstanding
import Synchronization

/// `parlance listen FILE.wav`: recognises a spoken request offline, understands it and answers it as
/// `chat` would (in voice mode), optionally speaking the answer into a WAV file.
struct ListenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen", abstract: "Recognise a spoken request in a WAV file, then answer it.",
        discussion: "Heard by Whisper in all six languages once `parlance speech setup` has installed it, else by the "
            + "offline grammar recogniser (English only: pocketsphinx listening for what the installed apps can do, "
            + "their names and your vocabulary), or by the Wyoming service named with --speech-to-text "
            + "(docs/speech.md). The answer continues the saved conversation like `chat`.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var understanding: UnderstandingOptions
    @OptionGroup var sandboxing: SandboxOptions
    @Argument(help: ArgumentHelp("WAV files (any rate; mono or stereo), one request each, in order.", valueName: "file"))
    var paths: [String]
    @Option(help: ArgumentHelp("Which saved conversation to continue.", valueName: "name")) var session = "default"
    @Flag(help: "Only say what was heard and how it was understood; do not answer.") var transcriptOnly = false
    @Option(help: ArgumentHelp("Also speak the answer into this WAV file.", valueName: "file")) var answerAudio: String?
    @Flag(help: "Print JSON: what was heard, the readings considered, timings, then one object per turn.") var json = false
    @Option(help: ArgumentHelp("Recognise with this Wyoming speech-to-text service instead.", valueName: "tcp://host:port"))
    var speechToText: String?
    @Option(help: "Which recogniser hears: whisper when set up (auto), whisper, or the offline grammar recogniser.")
    var recognizer: RecognizerChoice = .auto
    @Option(help: ArgumentHelp("Speak --answer-audio with this Wyoming text-to-speech service instead of espeak-ng.",
                               valueName: "tcp://host:port"))
    var textToSpeech: String?

    func run() async throws {
        var recordings: [(path: String, audio: WaveAudio)] = []
        for path in paths {
            do {
                recordings.append((path, try WaveAudio(contentsOf: URL(fileURLWithPath: path))))
            } catch {
                Terminal.error("error: \(error.message)")
                throw ExitCode(1)
            }
            if let last = recordings.last, last.audio.samples.count > Self.longestRequest * last.audio.sampleRate {
                Terminal.error("error: \(path) lasts over \(Self.longestRequest) seconds; a request is one utterance "
                               + "(split a longer recording into one file per request)")
                throw ExitCode(1)
            }
        }
        let language = understanding.language
        let voice = try VoiceChoice.voice(service: textToSpeech)
        let setup = try AssistantSetup.open(global: global, understanding: understanding, sandboxing: sandboxing,
                                            mode: .voice, session: session)
        let conversation = setup.conversation
        let background = Task { await conversation.run() }
        do {
            let recognizer = try SpokenRequestRecognizer.make(store: setup.store, home: setup.home, understander: setup.understander,
                                                              language: language, service: speechToText, choice: self.recognizer)
            if !json { Terminal.error("note: listening with \(recognizer.name)") }
            for (path, audio) in recordings {
                let heard = try await recognize(audio, from: path, with: recognizer, setup: setup, language: language)
                guard let text = heard?.text, !transcriptOnly else { continue }
                let printer = TurnPrinter(json: json)
                let spoken = Mutex<[String]>([])
                let turns = await conversation.respond(to: text, source: .spoken(confidence: heard?.confidence)) { turn in
                    printer.print(turn)
                    spoken.withLock { $0.append(turn.speech) }
                }
                for turn in turns { printer.print(turn) }
                if let failure = await conversation.delivered() { printer.print(failure) }
                if let answerAudio {
                    let words = (spoken.withLock { $0 } + turns.map(\.speech)).joined(separator: " ")
                    let spokenAnswer = try await voice.synthesize(words, language: language, voice: .standard)
                    try spokenAnswer.wav.write(to: URL(fileURLWithPath: answerAudio), options: .atomic)
                }
            }
        } catch {
            // Every failure is said plainly, and the extensions are still stopped in order.
            let message = (error as? SpeechError)?.message ?? (error as? StoreError)?.message ?? "\(error)"
            Terminal.error("error: \(message)")
            await setup.close(after: background)
            throw ExitCode(1)
        }
        await setup.close(after: background)
    }

    /// The longest recording taken as one request, in seconds.
    static let longestRequest = 60

    /// Recognises, lets understanding pick among the readings, and prints what was heard.
    private func recognize(_ audio: WaveAudio, from path: String, with recognizer: SpokenRequestRecognizer,
                           setup: AssistantSetup, language: String) async throws -> SpeechHypothesis? {
        let started = ContinuousClock.now
        let hearing = try await recognizer.hear(audio, language: language)
        let readings = hearing.readings, chosen = hearing.chosen
        let elapsed = ContinuousClock.now - started
        let milliseconds = elapsed / .milliseconds(1)
        let audioMilliseconds = Double(audio.samples.count) * 1000 / Double(max(audio.sampleRate, 1))
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            struct Heard: Encodable {
                let file: String
                let recognizer: String
                let heard: String?
                let readings: [SpeechHypothesis]
                let recognitionMilliseconds: Double
                let audioMilliseconds: Double
            }
            let heard = Heard(file: path, recognizer: recognizer.kind, heard: chosen?.text, readings: readings, recognitionMilliseconds: (milliseconds * 10).rounded() / 10,
                              audioMilliseconds: audioMilliseconds)
            Self.write(String(decoding: try encoder.encode(heard), as: UTF8.self))
        } else {
            Self.write(TurnPrinter.visible("heard: " + (chosen?.text ?? "(nothing I know)")))
        }
        if transcriptOnly, let text = chosen?.text {
            Self.write(json ? ParseOutput.json(for: text, understander: setup.understander, language: language)
                            : try ParseOutput.summary(for: text, understander: setup.understander, language: language))
        }
        return chosen
    }

    /// A line on stdout, in order with the turns (which are written unbuffered). A reader that went away
    /// (`listen … | head -1`) is no reason to crash.
    private static func write(_ line: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
    }
}

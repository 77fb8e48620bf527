import ArgumentParser
import Foundation
import ParlanceSpeech
import ParlanceStore

/// `parlance voice …`: fits offline recognition to the user's own voice from recordings of known sentences.
struct VoiceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voice", abstract: "Adapt offline speech recognition to your voice.",
        discussion: "Record yourself reading the sentences `parlance voice prompts` lists, one WAV file each, then "
            + "run `parlance voice adapt FILE.wav…`: `listen` and `wyoming` then hear you with a model fitted to your "
            + "voice (English; needs Debian's sphinxtrain and sphinxbase-utils). docs/speech.md explains more.",
        subcommands: [Prompts.self, Adapt.self, Status.self, Reset.self])

    struct Prompts: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the sentences to read, numbered.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            for (index, prompt) in VoicePrompts.english.enumerated() { print("\(index + 1)\t\(prompt)") }
        }
    }

    struct Adapt: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Adapt recognition to the voice in these recordings.",
            discussion: "Without --transcripts, the Nth file reads the Nth sentence of `parlance voice prompts`. Each "
                + "adaptation starts from the stock model and replaces the last one only when it succeeds.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("WAV files, one sentence each (at least \(VoiceAdapter.minimumRecordings)).",
                                     valueName: "file"))
        var paths: [String]
        @Option(help: ArgumentHelp("A text file with what each recording says, one line per file, in order.",
                                   valueName: "file"))
        var transcripts: String?

        func run() async throws {
            try await CommandErrors.report {
                let texts = try sentences()
                var recordings: [VoiceAdapter.Recording] = []
                for (path, text) in zip(paths, texts) {
                    recordings.append(VoiceAdapter.Recording(name: path, audio: try WaveAudio(contentsOf: URL(fileURLWithPath: path)),
                                                             text: text))
                }
                let home = ParlanceHome.resolve(explicit: global.home)
                let model = VoiceAdaptation.newModelFolder(home: home)
                let work = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-voice-\(UUID().uuidString)")
                let lexicon = try PronunciationLexicon()
                let report: VoiceAdapter.Report
                do {
                    report = try await VoiceAdapter().adapt(recordings, lexicon: lexicon, into: model, work: work)
                    try VoiceAdaptation.use(model, home: home)
                } catch {
                    try? FileManager.default.removeItem(at: model)
                    if error is SpeechError { throw error }
                    throw CommandFailure("the adapted model could not be put in use (\(error.localizedDescription)); "
                                         + "the previous one stays")
                }
                let minutes = Int(report.seconds) / 60, seconds = Int(report.seconds) % 60
                print("Adapted to your voice from \(report.used.count) recording\(report.used.count == 1 ? "" : "s") "
                      + "(\(minutes) min \(seconds) s of speech). Offline recognition uses it from now on "
                      + "(a running `wyoming` or `serve` once restarted).")
                if !report.leftOut.isEmpty {
                    print("Left out (did not match their sentence): " + report.leftOut.joined(separator: ", "))
                }
            }
        }

        /// What each file says: the transcripts' lines, else the prompts in order.
        private func sentences() throws -> [String] {
            guard let transcripts else {
                guard paths.count <= VoicePrompts.english.count else {
                    throw CommandFailure("\(paths.count) recordings but only \(VoicePrompts.english.count) prompts; "
                                         + "give the others' words with --transcripts")
                }
                return Array(VoicePrompts.english.prefix(paths.count))
            }
            let lines = try InputText.read(transcripts).split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard lines.count == paths.count else {
                throw CommandFailure("\(transcripts) has \(lines.count) line\(lines.count == 1 ? "" : "s") for "
                                     + "\(paths.count) recording\(paths.count == 1 ? "" : "s"); give one line per file, in order")
            }
            return lines
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Say which acoustic model offline recognition uses.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            switch VoiceAdaptation.current(home: ParlanceHome.resolve(explicit: global.home)) {
            case .model(let model):
                print("adapted to your voice (\(model.path))")
            case .damaged(let model, let why):
                print("stock: the model adapted to your voice (\(model.path)) is damaged: \(why); "
                      + "`parlance voice adapt` again, or `parlance voice reset`")
            case .none:
                print("stock (\(PocketSphinxRecognizer.acousticModel)); adapt it with `parlance voice adapt`")
            }
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Go back to the stock acoustic model.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try CommandErrors.report {
                do {
                    try VoiceAdaptation.use(nil, home: ParlanceHome.resolve(explicit: global.home))
                } catch {
                    throw CommandFailure("cannot go back to the stock model: \(error.localizedDescription)")
                }
                print("Offline recognition uses the stock acoustic model again.")
            }
        }
    }
}

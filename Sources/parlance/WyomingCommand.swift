import ArgumentParser
import Foundation
import ParlanceEngine
import ParlanceHosting
import ParlanceSpeech
import ParlanceUnderstanding
import ParlanceWyoming

/// `parlance wyoming`: Parlance as a Wyoming service for Home Assistant's voice pipelines and satellites:
/// a transcript in, the answer's words out; and, where the engines are installed, speech to text (with
/// end-pointing) and text to speech.
struct WyomingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wyoming", abstract: "Serve the Wyoming protocol: transcripts in, answers out; speech both ways (docs/speech.md).",
        discussion: "Add it to Home Assistant as a Wyoming integration (host and port). The protocol has no "
            + "authentication, so only loopback is served unless --any-address is given.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var understanding: UnderstandingOptions
    @OptionGroup var sandboxing: SandboxOptions
    @Option(help: ArgumentHelp("The address to listen on.", valueName: "address")) var host = "127.0.0.1"
    @Option(help: ArgumentHelp("The port to listen on (0: any free port).", valueName: "port")) var port = 10700
    @Flag(help: "Listen on an address other than loopback although Wyoming has no authentication.") var anyAddress = false
    @Flag(help: "Handle transcripts only: no speech recognition or voice.") var noSpeech = false
    @Option(help: ArgumentHelp("Recognise with this Wyoming speech-to-text service instead of offline.", valueName: "tcp://host:port"))
    var speechToText: String?
    @Option(help: ArgumentHelp("Speak with this Wyoming text-to-speech service instead of espeak-ng.", valueName: "tcp://host:port"))
    var textToSpeech: String?

    func run() async throws {
        guard anyAddress || ["127.0.0.1", "::1", "localhost"].contains(host) else {
            Terminal.error("error: Wyoming has no authentication; listening on \(host) needs --any-address")
            throw ExitCode(1)
        }
        let setup = try AssistantSetup.open(global: global, understanding: understanding, sandboxing: sandboxing,
                                            mode: .voice, session: "wyoming")
        let store = setup.store, host = setup.host, understander = setup.understander
        let speech = noSpeech ? nil : await offeredSpeech(setup: setup)
        let handler = WyomingHandler(languages: LanguageCatalog.supported, version: "0.1", speech: speech) { session, language in
            Conversation(apps: store, store: store, home: store.home?.path, host: host, understander: understander,
                         session: session, mode: .voice, language: language,
                         lockSource: SessionLockSource(store: store, followsDesktop: true))
        }
        let background = Task { await setup.conversation.run() }
        do {
            try await WyomingServer(host: self.host, port: port, handler: handler).run { port in
                let offers = ["transcripts"] + (speech?.recognizer != nil ? ["speech to text"] : [])
                    + (speech?.synthesizer != nil ? ["text to speech"] : [])
                print("Parlance is serving Wyoming on tcp://\(self.host):\(port): \(offers.joined(separator: ", ")) (Ctrl-C to stop)")
                fflush(nil)
            }
        } catch {
            Terminal.error("error: the Wyoming service stopped: \(error)")
            await setup.close(after: background)
            throw ExitCode(1)
        }
        await setup.close(after: background)
    }

    /// The speech this service offers: what the engines here (or the services named) can do; each one
    /// missing is said once and left out.
    private func offeredSpeech(setup: AssistantSetup) async -> WyomingSpeech {
        var recognizer: (any SpeechRecognizer)?
        var recognitionLanguages = ["en"]
        if speechToText == nil,
           let whisper = await WarmWhisper.start(store: setup.store, home: setup.home, understander: setup.understander) {
            Terminal.error("note: speech to text by \(whisper.name)")
            recognizer = whisper
            recognitionLanguages = LanguageCatalog.supported
        } else {
            let language = speechToText == nil ? "en" : understanding.language
            do {
                recognizer = try SpokenRequestRecognizer.make(store: setup.store, home: setup.home, understander: setup.understander,
                                                              language: language, service: speechToText, choice: .grammar)
            } catch {
                let reason = (error as? SpeechError)?.message ?? "\(error)"
                Terminal.error("note: serving without speech to text: \(reason)")
            }
        }
        if let service = recognizer.flatMap({ ($0 as? SpokenRequestRecognizer)?.engine as? WyomingSpeechService }) {
            // What the service behind says it hears, not a guess.
            do {
                let reported = try await service.describe().recognitionLanguages
                recognitionLanguages = Self.understood(reported)
                if recognitionLanguages.isEmpty {
                    Terminal.error(Self.noneUnderstood(reported, offering: "speech to text"))
                    recognizer = nil
                }
            } catch {
                Terminal.error("note: \(error.message); offering speech to text in every language")
                recognitionLanguages = LanguageCatalog.supported
            }
        }
        var synthesizer: (any SpeechSynthesizer)?
        var voiceLanguages = EspeakSynthesizer().languages
        if let textToSpeech {
            do {
                let service = try WyomingSpeechService(address: textToSpeech)
                synthesizer = service
                do {
                    let reported = try await service.describe().voices.flatMap(\.languages)
                    voiceLanguages = Self.understood(reported)
                    if voiceLanguages.isEmpty {
                        Terminal.error(Self.noneUnderstood(reported, offering: "text to speech"))
                        synthesizer = nil
                    }
                } catch {
                    Terminal.error("note: \(error.message); offering text to speech in every language")
                    voiceLanguages = LanguageCatalog.supported
                }
            } catch {
                Terminal.error("note: serving without text to speech: \(error.message)")
            }
        } else if EspeakSynthesizer().isAvailable {
            synthesizer = EspeakSynthesizer()
        } else {
            Terminal.error("note: serving without text to speech: espeak-ng is not installed")
        }
        return WyomingSpeech(recognizer: recognizer, recognitionLanguages: recognitionLanguages,
                             synthesizer: synthesizer, voiceLanguages: voiceLanguages)
    }

    /// The languages a speech service reports that Parlance also understands (as the service names them,
    /// once each): a satellite must not be offered a language whose requests nothing here can read. A
    /// service that names none is taken to serve them all.
    static func understood(_ reported: [String]) -> [String] {
        guard !reported.isEmpty else { return LanguageCatalog.supported }
        var seen = Set<String>()
        return reported.filter { LanguageCatalog.isSupported($0) && seen.insert($0).inserted }
    }

    /// Why a service's speech is not offered: it names languages, none of them one Parlance understands.
    static func noneUnderstood(_ reported: [String], offering: String) -> String {
        var seen = Set<String>()
        let named = reported.filter { seen.insert($0).inserted }.joined(separator: ", ")
        return "note: serving without \(offering): the service reports only \(named), none of them a language "
            + "Parlance understands (\(LanguageCatalog.supported.joined(separator: ", ")))"
    }
}

import ArgumentParser
import AssistantServer
import Foundation
import ParlanceCore
import ParlanceEngine
import ParlanceHosting
import ParlancePresentation
import ParlanceSpeech
import ParlanceStore
import ParlanceStorePostgres
import ParlanceUnderstanding

/// `parlance serve`: the assistant as a service — HTTP API, WebSocket events and the web page.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the assistant over HTTP, with a web page to talk to it.",
        discussion: "Open the address it prints (http://127.0.0.1:8080/#token=…) in a browser, or use the API "
            + "described at /openapi.yaml (docs/server.md). Every API request needs the access token: the one in "
            + "--token-file, else the one kept in the home's server-token file (made at the first start). With no app "
            + "installed, the bundled sample apps are installed first. SIGTERM or Ctrl-C stops it gracefully.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var storeChoice: StoreOptions
    @OptionGroup var sandboxing: SandboxOptions
    @Option(help: ArgumentHelp("The address to listen on.", valueName: "address")) var host = "127.0.0.1"
    @Option(help: ArgumentHelp("The port to listen on (0: any free port).", valueName: "port")) var port = 8080
    @Option(help: ArgumentHelp("A file whose first line is the access token requests must send "
                               + "(Authorization: Bearer TOKEN); default: the home's server-token file, made when missing.",
                               valueName: "file"))
    var tokenFile: String?
    @Option(help: ArgumentHelp("A file whose first line is the token a Prometheus scraper sends for /metrics, and the only "
                               + "one /metrics takes; default: the access token (docs/server.md › Operations).",
                               valueName: "file"))
    var metricsTokenFile: String?
    @Option(help: ArgumentHelp("Another name this server is reached by (the Host header); IP addresses and "
                               + "localhost always are. Repeat for several.", valueName: "name"))
    var allowedHost: [String] = []
    @Flag(help: "No push-to-talk or server voice on the web page (the browser's voice is used).") var noSpeech = false
    @Option(help: ArgumentHelp("How many conversations are kept in memory; beyond it the least recently used idle ones are "
                               + "put away (saved, and taken up again when used).", valueName: "count"))
    var liveConversations = 1000
    @Option(help: ArgumentHelp("How many days a conversation nobody uses is kept before it is forgotten (0: until a "
                               + "client deletes it).", valueName: "days"))
    var forgetConversationsAfter: Double = 30

    func run() async throws {
        SampleApps.exportBinaryFolder()
        let home = ParlanceHome.resolve(explicit: global.home)
        let server: AssistantServer
        let understander: RequestUnderstander
        let configuration: ServerConfiguration
        let records = ExtensionProcessRecords(home: home)
        do {
            let token = try tokenFile.map(Self.readToken) ?? ServerAccessToken.loadOrCreate(in: home)
            var settings = ServerConfiguration(host: host, port: port, accessToken: token, allowedHostNames: allowedHost)
            settings.metricsToken = try metricsTokenFile.map(Self.readToken)
            guard liveConversations > 0 else {
                throw CommandFailure("--live-conversations must be at least 1")
            }
            settings.maximumLiveConversations = liveConversations
            guard forgetConversationsAfter.isFinite, forgetConversationsAfter == 0
                    || (forgetConversationsAfter >= 0.0001 && forgetConversationsAfter <= 36_500) else {
                throw CommandFailure("--forget-conversations-after must be 0 (never) or a number of days from 0.0001 to 36500")
            }
            settings.conversationRetention = forgetConversationsAfter == 0
                ? nil : .milliseconds(Int64((forgetConversationsAfter * 86_400_000).rounded()))
            // Every PostgreSQL statement waits for the database's answer: requests run on threads of their own.
            if try storeChoice.postgresURL() != nil { settings.requestThreads = 8 }
            configuration = settings
            try configuration.validate()
            if !configuration.isLoopback {
                Terminal.error("note: \(host) is reachable from other machines; requests carry the token in the clear "
                    + "unless a TLS proxy stands in front (docs/server.md › Security)")
            }
            let sandbox = try sandboxing.sandbox()
            let host = ExtensionHost(launcher: ProcessLauncher(sandbox: sandbox, records: records),
                                     activity: ExtensionActivityLog(home: home))
            if let url = try storeChoice.postgresURL() {
                // Shared with the other servers on the database: turns take the conversation's lock there.
                let store = try PostgresStore.open(url: url)
                Terminal.error("note: the store is the PostgreSQL database \(store.address)")
                (server, understander) = try await Self.assemble(store: store, home: home, host: host, records: records,
                                                                 configuration: configuration,
                                                                 turnLock: PostgresTurnLock(store: store),
                                                                 eventRelay: PostgresEventRelay(store: store)) { _ in ServerSpeech() }
            } else {
                let store = try StoreAccess.open(global)
                (server, understander) = try await Self.assemble(store: store, home: home, host: host, records: records,
                                                                 configuration: configuration, turnLock: nil,
                                                                 eventRelay: nil) { understander in
                    if noSpeech { return ServerSpeech() }
                    return await Self.speech(store: store, home: home, understander: understander)
                }
            }
        } catch let error as ServerSetupError {
            Terminal.error("error: \(error.message)")
            throw ExitCode(1)
        } catch let error as CommandFailure {
            Terminal.error("error: \(error.message)")
            throw ExitCode(1)
        } catch let error as StoreError {
            Terminal.error("error: \(error.message)")
            throw ExitCode(1)
        }
        do {
            try await server.run { address, port in
                let shown = address.contains(":") ? "[\(address)]" : address
                print("Parlance is listening on http://\(shown):\(port)/ (Ctrl-C to stop)")
                print("Open http://\(shown):\(port)/#token=\(configuration.accessToken) in your browser; API clients "
                      + "send Authorization: Bearer TOKEN (\(tokenFile ?? ServerAccessToken.file(in: home).path)).")
                fflush(nil)
            }
        } catch {
            Terminal.error("error: the server stopped: \(error)")
            understander.finishModelTraining()
            throw ExitCode(1)
        }
        understander.finishModelTraining()
    }

    /// The server over a store: the sample apps installed when none is, the models read, the users let in.
    static func assemble<Store: ServedStore>(
        store: Store, home: URL, host: ExtensionHost, records: ExtensionProcessRecords,
        configuration: ServerConfiguration, turnLock: (any ConversationTurnLock)?,
        eventRelay: (any ConversationEventRelay)?, speech: (RequestUnderstander) async -> ServerSpeech
    ) async throws -> (AssistantServer, RequestUnderstander) {
        let understander = RequestUnderstander(store: store, modelCache: ModelCache(folder: home.appendingPathComponent("models")))
        if try store.apps().isEmpty {
            let names = try SampleApps.install(into: store, home: home, allow: false)
            Terminal.error(FrontEndText.installedSamples(names, language: "en"))
        }
        if records.stopOrphans() > 0 {
            Terminal.error("note: stopped app extensions left running by an assistant that did not exit cleanly")
        }
        // Models are read (or trained) before the first request, not while it waits.
        _ = try? understander.understand("hello", language: "en")
        let server = AssistantServer(
            configuration: servingUsers(configuration, store: store, home: home, host: host, turnLock: turnLock,
                                        eventRelay: eventRelay),
            assistant: .init(apps: store, store: store, home: home.path, host: host, understander: understander,
                             lockSource: SessionLockSource(store: store), turnLock: turnLock, eventRelay: eventRelay),
            preferences: store, speech: await speech(understander))
        return (server, understander)
    }

    /// The token: the file's first line, trimmed.
    static func readToken(_ path: String) throws -> String {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CommandFailure("the token file \(path) could not be read: \(error.localizedDescription)")
        }
        let token = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !token.isEmpty else { throw CommandFailure("the token file \(path) is empty") }
        return token
    }

    /// Push-to-talk through the home's Whisper when it is set up (started now, so the first request does not
    /// wait for its model), else through the offline recogniser (made at the first request); espeak-ng's
    /// voices, where they are installed.
    static func speech(store: AssistantStore, home: URL, understander: RequestUnderstander) async -> ServerSpeech {
        let voice = EspeakSynthesizer()
        let synthesizer: (any SpeechSynthesizer)? = voice.isAvailable ? voice : nil
        if let whisper = await WarmWhisper.start(store: store, home: home, understander: understander) {
            Terminal.error("note: push-to-talk hears with \(whisper.name)")
            return ServerSpeech(recognizer: whisper, recognitionLanguages: LanguageCatalog.supported,
                                synthesizer: synthesizer, voiceLanguages: voice.languages)
        }
        let recognizer = PocketSphinxRecognizer.isAvailable ? LazySpeechRecognizer(languages: ["en"]) {
            try SpokenRequestRecognizer.make(store: store, home: home, understander: understander, language: "en", service: nil,
                                             choice: .grammar)
        } : nil
        return ServerSpeech(recognizer: recognizer, recognitionLanguages: ["en"],
                            synthesizer: synthesizer, voiceLanguages: voice.languages)
    }
}

extension AssistantStore: AppPreferences {}

import ArgumentParser
import Foundation
import ParlanceEngine
import ParlanceHosting
import ParlanceUnderstanding
import ParlanceWyoming

/// `parlance wyoming`: Parlance as a Wyoming intent-handling service for Home Assistant's voice pipelines
/// and satellites: a transcript in, the answer's words out.
struct WyomingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wyoming", abstract: "Serve the Wyoming protocol: transcripts in, answers out (docs/speech.md).",
        discussion: "Add it to Home Assistant as a Wyoming integration (host and port). The protocol has no "
            + "authentication, so only loopback is served unless --any-address is given.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var understanding: UnderstandingOptions
    @OptionGroup var sandboxing: SandboxOptions
    @Option(help: ArgumentHelp("The address to listen on.", valueName: "address")) var host = "127.0.0.1"
    @Option(help: ArgumentHelp("The port to listen on (0: any free port).", valueName: "port")) var port = 10700
    @Flag(help: "Listen on an address other than loopback although Wyoming has no authentication.") var anyAddress = false

    func run() async throws {
        guard anyAddress || ["127.0.0.1", "::1", "localhost"].contains(host) else {
            Terminal.error("error: Wyoming has no authentication; listening on \(host) needs --any-address")
            throw ExitCode(1)
        }
        let setup = try AssistantSetup.open(global: global, understanding: understanding, sandboxing: sandboxing,
                                            mode: .voice, session: "wyoming")
        let store = setup.store, host = setup.host, understander = setup.understander
        let handler = WyomingHandler(languages: LanguageCatalog.supported, version: "0.1") { session, language in
            Conversation(apps: store, store: store, home: store.home?.path, host: host, understander: understander,
                         session: session, mode: .voice, language: language,
                         lockSource: SessionLockSource(store: store, followsDesktop: true))
        }
        let background = Task { await setup.conversation.run() }
        do {
            try await WyomingServer(host: self.host, port: port, handler: handler).run { port in
                print("Parlance is serving Wyoming on tcp://\(self.host):\(port) (Ctrl-C to stop)")
                fflush(nil)
            }
        } catch {
            Terminal.error("error: the Wyoming service stopped: \(error)")
            await setup.close(after: background)
            throw ExitCode(1)
        }
        await setup.close(after: background)
    }
}

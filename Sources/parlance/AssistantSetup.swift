import ArgumentParser
import Foundation
import ParlanceCore
import ParlanceEngine
import ParlanceHosting
import ParlancePresentation
import ParlanceStore
import ParlanceUnderstanding

/// What `chat` and `listen` share: the store (with the sample apps installed when none is), the
/// understander, the extension host and a conversation of one session, and their orderly end.
struct AssistantSetup {
    let home: URL
    let store: AssistantStore
    let understander: RequestUnderstander
    let host: ExtensionHost
    let conversation: Conversation
    private let idle: Task<Void, Never>

    /// Opens everything; errors are reported as the CLI reports them (message, exit status 1).
    static func open(global: GlobalOptions, understanding: UnderstandingOptions, sandboxing: SandboxOptions,
                     mode: PresentationMode, session: String) throws -> AssistantSetup {
        SampleApps.exportBinaryFolder()
        let home = ParlanceHome.resolve(explicit: global.home)
        let store: AssistantStore
        let understander: RequestUnderstander
        let sandbox: ExtensionSandbox
        do {
            sandbox = try sandboxing.sandbox()
            store = try StoreAccess.open(global)
            understander = try understanding.understander(store: store)  // checks --language before anything else
            if try store.apps().isEmpty {
                let names = try SampleApps.install(into: store, home: home, allow: false)
                Terminal.error(FrontEndText.installedSamples(names, language: understanding.language))
            }
            // An app that takes another's name ("MonkeyPay") is told at every start; requests naming it ask which.
            for shared in SharedAppName.among(try store.apps().map(\.bundle)) { Terminal.error(shared.warning) }
        } catch let error as CommandFailure {
            Terminal.error("error: \(error.message)")
            throw ExitCode(1)
        } catch let error as StoreError {
            Terminal.error("error: \(error.message)")
            throw ExitCode(1)
        } catch {
            Terminal.error("error: \(error)")
            throw ExitCode(1)
        }
        let records = ExtensionProcessRecords(home: home)
        if records.stopOrphans() > 0 {
            Terminal.error("note: stopped app extensions left running by an assistant that did not exit cleanly")
        }
        let host = ExtensionHost(launcher: ProcessLauncher(sandbox: sandbox, records: records),
                                 activity: ExtensionActivityLog(home: home))
        let idle = Task { await host.run() }
        let conversation = Conversation(apps: store, store: store, home: store.home?.path, host: host, understander: understander,
                                        session: session, mode: mode, language: understanding.explicitLanguage,
                                        lockSource: SessionLockSource(store: store, followsDesktop: true))
        return AssistantSetup(home: home, store: store, understander: understander, host: host,
                              conversation: conversation, idle: idle)
    }

    /// Ends the conversation and stops the extensions (after `background`, the conversation's own work).
    func close(after background: Task<Void, Never>) async {
        conversation.finish()
        understander.finishModelTraining()  // so the next start has the model trained for the apps installed now
        await background.value
        await host.shutdown()  // before cancelling the idle watch, so shutdown calls are not cancelled
        idle.cancel()
        await idle.value
    }
}

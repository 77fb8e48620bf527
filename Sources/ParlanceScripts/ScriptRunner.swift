import Foundation
import ParlanceCore
import ParlanceEngine
import ParlanceHosting
import ParlancePresentation
import ParlanceStore
import ParlanceTesting
import ParlanceUnderstanding
import Synchronization

/// Runs scripted conversation tests (`ConversationScript`, docs/conversation-tests.md) against real
/// extension processes, each in a clean temporary home: what `parlance test` does, for app
/// developers' own test suites too.
public final class ScriptRunner {
    /// Why a test failed: the script line and what was expected.
    public struct Failure: Error, Sendable {
        public let line: Int
        public let message: String
    }

    /// Makes the understander for a test's store.
    public typealias UnderstanderFactory = @Sendable (AssistantStore) throws -> RequestUnderstander
    /// Runs an app's own program (`run:` steps): path, arguments, home.
    public typealias ProgramRunner = @Sendable (String, [String], URL) throws -> (status: Int32, output: String)

    let bundles: [AppBundle]
    let syncedApps: Set<String>
    let language: String?
    let understander: UnderstanderFactory
    let runProgram: ProgramRunner
    let sandbox: ExtensionSandbox
    private var transcript: [String] = []

    /// A runner for tests over `bundles` (a test's `apps:` picks among them). The own program of the
    /// apps whose bundle path is in `syncedApps` is run with `sync` after install (the sample apps
    /// fill their data so). `language` is the conversation language when a test names none. Extensions
    /// run in `sandbox`.
    public init(bundles: [AppBundle], syncedApps: Set<String> = [], language: String? = nil,
                understander: @escaping UnderstanderFactory = { RequestUnderstander(store: $0, defaultCurrency: "USD") },
                runProgram: @escaping ProgramRunner = { try AppCommand.run($0, $1, home: $2) },
                sandbox: ExtensionSandbox = .none) {
        self.sandbox = sandbox
        self.bundles = bundles
        self.syncedApps = syncedApps
        self.language = language
        self.understander = understander
        self.runProgram = runProgram
    }

    /// Runs the test; returns nil when it passed, else what failed and the conversation so far.
    public func run(_ test: ConversationScript.Test) async -> (failure: Failure, transcript: [String])? {
        transcript = []
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var previous: [String: String?] = [:]
        for (name, value) in test.environment {
            previous[name] = ProcessInfo.processInfo.environment[name]
            setenv(name, value, 1)
        }
        // A script's settings are for its extensions: they pass the sandbox's environment allow-list.
        let forwarded = "PARLANCE_EXTENSION_ENVIRONMENT"
        if !test.environment.isEmpty {
            previous[forwarded] = ProcessInfo.processInfo.environment[forwarded]
            let names = ([ProcessInfo.processInfo.environment[forwarded]].compactMap { $0 } + test.environment.keys.sorted())
            setenv(forwarded, names.joined(separator: ","), 1)
        }
        defer {
            for (name, value) in previous {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        var session: Session?
        do {
            let chosen = try choose(test)
            let store = try AssistantStore.open(home: home)
            for app in chosen {
                try store.install(app)
                if !test.askPermission { try store.setPermission(.allowed, for: app.identifier) }
                if syncedApps.contains(app.path), let program = program(of: app) {
                    _ = try runProgram(program, ["sync"], home)
                }
            }
            session = try Session(home: home, sandbox: sandbox, understander: understander,
                                  mode: PresentationMode(rawValue: test.mode ?? "visual") ?? .visual,
                                  language: test.language ?? language)
            try await perform(test.steps, session: &session, home: home, apps: chosen)
            await session?.close()
            return nil
        } catch let failure as Failure {
            await session?.close()
            return (failure, transcript)
        } catch {
            await session?.close()
            return (Failure(line: test.line, message: "\(error)"), transcript)
        }
    }

    private func choose(_ test: ConversationScript.Test) throws -> [AppBundle] {
        guard let names = test.apps else { return bundles }
        return try names.map { name in
            guard let app = bundles.first(where: { $0.displayName.caseInsensitiveCompare(name) == .orderedSame
                                                    || $0.identifier == name }) else {
                throw Failure(line: test.line, message: "no app named \(name) to install; available: "
                              + bundles.map(\.displayName).joined(separator: ", "))
            }
            return app
        }
    }

    private func program(of app: AppBundle) -> String? {
        guard let first = app.launchCommand?.first else { return nil }
        return first.hasPrefix("/") ? first : URL(fileURLWithPath: app.path).appendingPathComponent(first).path
    }

    private func perform(_ steps: [ConversationScript.Step], session: inout Session?, home: URL, apps: [AppBundle]) async throws {
        var turns: [AssistantTurn] = []
        var output = ""
        var crashPoint: CrashingStore.Point?
        for step in steps {
            guard let current = session else { return }
            func fail(_ message: String) -> Failure { Failure(line: step.line, message: message) }
            switch step.kind {
            case .say(let text):
                transcript.append("› \(text)")
                current.crashing.arm(crashPoint)
                turns = await current.conversation.respond(to: text)
                if current.crashing.crashed {
                    turns = []  // a dead assistant says nothing
                    transcript.append("  (the assistant stopped: simulated crash \(crashPoint?.rawValue ?? ""))")
                } else if let failure = await current.conversation.delivered() {
                    turns.append(failure)
                }
                crashPoint = nil
                record(turns)
            case .expectSpeech(let matcher, let present):
                let found = turns.contains { matcher.matches($0.speech) }
                if found != present {
                    throw fail(present ? "expected the assistant to say \(matcher)" : "expected the assistant not to say \(matcher)")
                }
            case .expectField(let field, let expected):
                guard let last = turns.last else { throw fail("expected a turn with \(field) \(expected), but the assistant said nothing") }
                let actual: String
                switch field {
                case "kind": actual = last.kind.rawValue
                case "step": actual = last.step
                case "intent": actual = last.intent ?? "none"
                case "app": actual = last.app ?? "none"
                case "code": actual = last.responseCode ?? "none"
                case "options": actual = last.options.joined(separator: " | ")
                default: actual = last.card.map { CardRenderer.render($0) } ?? "no card"
                }
                // Cards are compared with runs of spaces collapsed: column widths change with content.
                let collapse = { (text: String) in text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
                let matches = field == "card" ? ConversationScript.Matcher(collapse(expected)).matches(collapse(actual))
                                              : actual == expected
                if !matches { throw fail("expected \(field) \(expected), got \(actual)") }
            case .expectParameter(let name, let matcher):
                let value = turns.last?.parameters?[name]
                switch (matcher, value) {
                case (nil, nil): break
                case (nil, let value?): throw fail("expected no \(name), got \(ValueText.describe(value))")
                case (let matcher?, nil): throw fail("expected \(name) \(matcher), but it is not set")
                case (let matcher?, let value?):
                    if !matcher.matches(ValueText.describe(value)) {
                        throw fail("expected \(name) \(matcher), got “\(ValueText.describe(value))”")
                    }
                }
            case .run(let words):
                guard let name = words.first,
                      let app = apps.first(where: { program(of: $0).map { URL(fileURLWithPath: $0).lastPathComponent } == name }),
                      let path = program(of: app) else {
                    throw fail("no installed app has a program called \(words.first ?? "")")
                }
                let result = try runProgram(path, Array(words.dropFirst()), home)
                output = result.output
                transcript.append("$ \(words.joined(separator: " "))")
                transcript += output.split(separator: "\n").map { "  \($0)" }
                if result.status != 0 { throw fail("\(name) exited with status \(result.status)") }
            case .expectOutput(let matcher):
                if !matcher.matches(output) { throw fail("expected the app to print \(matcher)") }
            case .lock, .unlock:
                try current.store.setSessionLocked(step.kind.isLock)
                transcript.append(step.kind.isLock ? "(session locked)" : "(session unlocked)")
            case .crash(let point):
                crashPoint = CrashingStore.Point(rawValue: point)
            case .restart:
                await current.close()
                transcript.append("(assistant restarted)")
                session = try Session(home: home, sandbox: sandbox, understander: understander, mode: current.mode, language: current.language)
                turns = await session?.conversation.resume() ?? []
                if let failure = await session?.conversation.delivered() { turns.append(failure) }
                record(turns)
            case .wait(let matcher, let seconds):
                guard let turn = await current.waitForUpdate(matching: matcher, seconds: seconds) else {
                    let seen = current.receivedUpdates.map { "“\($0)”" }.joined(separator: ", ")
                    throw fail("no update saying \(matcher) arrived within \(seconds) s"
                               + (seen.isEmpty ? "" : "; updates after the last one matched: \(seen)"))
                }
                record([turn])
            case let .prefer(name, domain):
                guard let app = apps.first(where: { $0.displayName.caseInsensitiveCompare(name) == .orderedSame
                                                    || $0.identifier == name }) else {
                    throw fail("no installed app named \(name)")
                }
                try current.store.setPreferredApp(app.identifier, domain: domain)
                transcript.append("(\(domain) requests go to \(app.displayName))")
            case let .vocabulary(name, type, strings):
                guard let app = apps.first(where: { $0.displayName.caseInsensitiveCompare(name) == .orderedSame
                                                    || $0.identifier == name }) else {
                    throw fail("no installed app named \(name)")
                }
                // Updates the app itself left (its `sync`) come first, so they cannot land on top of this one.
                try current.store.ingestVocabularyInbox()
                let kept = try current.store.replaceVocabulary(strings, type: type, app: app.identifier)
                transcript.append("(\(app.displayName)'s \(type.caseName) vocabulary: "
                                  + (kept.isEmpty ? "none" : kept.joined(separator: ", ")) + ")")
            case .expectJournal(let count):
                let actual = try current.store.journalCount()
                if actual != count { throw fail("expected \(count) handled intents in the journal, found \(actual)") }
            }
        }
    }

    private func record(_ turns: [AssistantTurn]) {
        for turn in turns {
            var line = "  \(turn.speech)  [\(turn.step)"
            if let code = turn.responseCode { line += ", \(code)" }
            transcript.append(line + "]")
        }
    }

    /// The assistant as one run of it: store, extension host and conversation; `restart` makes a new one.
    final class Session: @unchecked Sendable {
        let store: AssistantStore
        let crashing: CrashingStore
        let host: ExtensionHost
        let conversation: Conversation
        let mode: PresentationMode
        let language: String?
        private let updates = UpdateBox()
        /// The conversation's background work and the listener for its updates, ended by `close()`.
        private let background: Task<Void, Never>

        init(home: URL, sandbox: ExtensionSandbox, understander: UnderstanderFactory, mode: PresentationMode,
             language: String?) throws {
            store = try AssistantStore.open(home: home)
            crashing = CrashingStore(store)
            host = ExtensionHost(launcher: ProcessLauncher(sandbox: sandbox))
            self.mode = mode
            self.language = language
            conversation = Conversation(apps: store, store: crashing, home: store.home?.path, host: host,
                                        understander: try understander(store), session: "test", mode: mode,
                                        language: language)
            let conversation = self.conversation
            let box = updates
            background = Task {
                await withDiscardingTaskGroup { group in
                    group.addTask { await conversation.run() }
                    group.addTask {
                        for await turn in conversation.updates { box.list.withLock { $0.append(turn) } }
                    }
                }
            }
        }

        func waitForUpdate(matching matcher: ConversationScript.Matcher, seconds: Double) async -> AssistantTurn? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let turn = updates.list.withLock({ list -> AssistantTurn? in
                    guard let index = list.firstIndex(where: { matcher.matches($0.speech) }) else { return nil }
                    let turn = list[index]
                    list.removeSubrange(...index)
                    return turn
                }) { return turn }
                try? await Task.sleep(for: .milliseconds(50))
            }
            return nil
        }

        /// The words of the updates not yet matched by a wait.
        var receivedUpdates: [String] { updates.list.withLock { $0.map(\.speech) } }

        func close() async {
            conversation.finish()
            await background.value
            await host.shutdown()
        }
    }
}

/// Background updates received so far.
final class UpdateBox: Sendable {
    let list = Mutex<[AssistantTurn]>([])
}

extension ConversationScript.Kind {
    var isLock: Bool {
        if case .lock = self { return true }
        return false
    }
}

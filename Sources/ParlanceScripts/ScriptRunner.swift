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
        /// The test could not run as written (`message` says why), which is no failure of the assistant.
        public var skipped = false
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
    let replies: Replies
    private var transcript: [String] = []

    /// What the assistant's replies are checked against.
    public enum Replies: Sendable {
        /// Every check of the script: the replies' words (`<`, `<!`, `= options`, `= card`, `wait:`) too.
        case asWritten
        /// The replies are worded in another language (`code`, a language with a replies file) than the scripts
        /// were written for: only the conversation's structure is checked — each turn's kind, step, intent, app,
        /// code, parameters, the number of options, the journal, the apps' own output — and every reply must
        /// pass `isInLanguage`. Tests that need the replies' words are skipped (`skipReason(_:)`).
        case structureOnly(code: String, isInLanguage: @Sendable (String) -> Bool)
    }

    /// A runner for tests over `bundles` (a test's `apps:` picks among them). The own program of the
    /// apps whose bundle path is in `syncedApps` is run with `sync` after install (the sample apps
    /// fill their data so). `language` is the conversation language when a test names none. Extensions
    /// run in `sandbox`. `replies` says whether the replies' words are checked or only the structure.
    public init(bundles: [AppBundle], syncedApps: Set<String> = [], language: String? = nil,
                understander: @escaping UnderstanderFactory = { RequestUnderstander(store: $0, defaultCurrency: "USD") },
                runProgram: @escaping ProgramRunner = { try AppCommand.run($0, $1, home: $2) },
                sandbox: ExtensionSandbox = .none, replies: Replies = .asWritten) {
        self.sandbox = sandbox
        self.replies = replies
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
                                  language: test.language ?? language, replyLanguage: replyLanguage)
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
                try record(turns, line: step.line)
            case .expectSpeech where !checksWords:
                continue
            case .expectField(let field, let expected) where !checksWords && (field == "options" || field == "card"):
                // The options' number is structure; their words and the card's are the replies'.
                guard field == "options" else { continue }
                let count = expected.split(separator: "|").count
                if turns.last?.options.count != count {
                    throw fail("expected \(count) options, got \(turns.last?.options.count ?? 0)")
                }
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
                session = try Session(home: home, sandbox: sandbox, understander: understander, mode: current.mode,
                                      language: current.language, replyLanguage: replyLanguage)
                turns = await session?.conversation.resume() ?? []
                if let failure = await session?.conversation.delivered() { turns.append(failure) }
                try record(turns, line: step.line)
            case .wait(let matcher, let seconds):
                guard let turn = await current.waitForUpdate(matching: matcher, seconds: seconds) else {
                    let seen = current.receivedUpdates.map { "“\($0)”" }.joined(separator: ", ")
                    throw fail("no update saying \(matcher) arrived within \(seconds) s"
                               + (seen.isEmpty ? "" : "; updates after the last one matched: \(seen)"))
                }
                try record([turn], line: step.line)
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

    /// The conversation of the last test run, as `run(_:)` returns it for a failed one.
    public var lastTranscript: [String] { transcript }

    /// Whether the replies' words are checked (else only the structure).
    private var checksWords: Bool {
        if case .asWritten = replies { return true }
        return false
    }

    /// The language replies are worded in when it is not the conversation's.
    private var replyLanguage: String? {
        if case .structureOnly(let code, _) = replies { return code }
        return nil
    }

    /// Whether a test can run under `replies`, and if not why: one that waits for an update by its words needs
    /// them. (One that comes to "is it your message or a new request?", whose answers are the replies' own words,
    /// "the message", stops there as skipped.)
    public func skipReason(_ test: ConversationScript.Test) -> String? {
        guard !checksWords else { return nil }
        for step in test.steps {
            switch step.kind {
            case .wait: return "it waits for an update by its words"
            default: continue
            }
        }
        return nil
    }

    /// Records the turns in the transcript; with replies in another language, each must be in it.
    private func record(_ turns: [AssistantTurn], line: Int) throws {
        for turn in turns {
            var entry = "  \(turn.speech)  [\(turn.step)"
            if let code = turn.responseCode { entry += ", \(code)" }
            transcript.append(entry + "]")
        }
        guard case .structureOnly(let code, let isInLanguage) = replies else { return }
        if let turn = turns.first(where: { !isInLanguage($0.speech) }) {
            throw Failure(line: line, message: "a reply is not in \(code): “\(turn.speech)” [\(turn.step)]")
        }
        if turns.last?.step.hasPrefix("valueOrRequest:") == true {
            throw Failure(line: line, message: "it comes to a question whose answers are the replies' words", skipped: true)
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
             language: String?, replyLanguage: String?) throws {
            store = try AssistantStore.open(home: home)
            crashing = CrashingStore(store)
            host = ExtensionHost(launcher: ProcessLauncher(sandbox: sandbox))
            self.mode = mode
            self.language = language
            conversation = Conversation(apps: store, store: crashing, home: store.home?.path, host: host,
                                        understander: try understander(store), session: "test", mode: mode,
                                        language: language, replyLanguage: replyLanguage)
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

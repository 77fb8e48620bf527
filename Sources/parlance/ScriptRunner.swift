import ParlanceCore
import ParlanceEngine
import ParlanceHosting
import ParlancePresentation
import ParlanceStore
import ParlanceTesting
import ParlanceUnderstanding
import Foundation
import Synchronization

/// Runs one scripted conversation test against real extension processes, in a clean temporary home.
final class ScriptRunner {
    struct Failure: Error {
        let line: Int
        let message: String
    }

    let bundles: [AppBundle]
    let sampleBundles: Set<String>
    let options: UnderstandingOptions
    private var transcript: [String] = []

    init(bundles: [AppBundle], sampleBundles: Set<String>, options: UnderstandingOptions) {
        self.bundles = bundles
        self.sampleBundles = sampleBundles
        self.options = options
    }

    /// Runs the test; returns nil when it passed, else what failed and the conversation so far.
    func run(_ test: ConversationScript.Test) async -> (failure: Failure, transcript: [String])? {
        transcript = []
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var previous: [String: String?] = [:]
        for (name, value) in test.environment {
            previous[name] = ProcessInfo.processInfo.environment[name]
            setenv(name, value, 1)
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
                if sampleBundles.contains(app.path), let program = program(of: app) {
                    _ = try? SampleApps.runAppCommand(program, ["sync"], home: home)
                }
            }
            session = try Session(home: home, options: options, mode: PresentationMode(rawValue: test.mode ?? "visual") ?? .visual,
                                  language: test.language)
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
        var crashPoint: Conversation.CrashPoint?
        for step in steps {
            guard let current = session else { return }
            func fail(_ message: String) -> Failure { Failure(line: step.line, message: message) }
            switch step.kind {
            case .say(let text):
                transcript.append("› \(text)")
                await current.conversation.setCrashPoint(crashPoint)
                do {
                    turns = try await current.conversation.respondThrowing(to: text)
                } catch {
                    turns = []
                    transcript.append("  (the assistant stopped: simulated crash \(crashPoint?.rawValue ?? ""))")
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
                let result = try SampleApps.runAppCommand(path, Array(words.dropFirst()), home: home)
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
                crashPoint = Conversation.CrashPoint(rawValue: point)
            case .restart:
                await current.close()
                transcript.append("(assistant restarted)")
                session = try Session(home: home, options: options, mode: current.mode, language: current.language)
                turns = await session?.conversation.resume() ?? []
                record(turns)
            case .wait(let matcher, let seconds):
                guard let turn = await current.waitForUpdate(matching: matcher, seconds: seconds) else {
                    let seen = current.receivedUpdates.map { "“\($0)”" }.joined(separator: ", ")
                    throw fail("no update saying \(matcher) arrived within \(seconds) s"
                               + (seen.isEmpty ? "" : "; updates after the last one matched: \(seen)"))
                }
                record([turn])
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
        let host: ExtensionHost
        let conversation: Conversation
        let mode: PresentationMode
        let language: String?
        private let updates = UpdateBox()
        private let listener: Task<Void, Never>

        init(home: URL, options: UnderstandingOptions, mode: PresentationMode, language: String?) throws {
            store = try AssistantStore.open(home: home)
            host = ExtensionHost()
            self.mode = mode
            self.language = language
            let understander = try options.understander(store: store, fallbackCurrency: "USD")
            conversation = Conversation(apps: store, store: store, home: store.home?.path, host: host, understander: understander, session: "test", mode: mode,
                                        language: language ?? options.explicitLanguage)
            let stream = conversation.updates
            let box = updates
            listener = Task {
                for await turn in stream { box.list.withLock { $0.append(turn) } }
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
            listener.cancel()
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

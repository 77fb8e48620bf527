import Foundation
import ParlancePresentation
import TestSupport
import Testing

/// Whole conversations with the real `parlance` binary and the sample apps' real extension processes.
@Suite(.serialized, .waitsBlocking)
struct ConversationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("every conversation script passes with the sample apps (parlance test)")
    func conversationScripts() throws {
        let folder = Self.root.appendingPathComponent("Tests/Conversations")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".conv") }.sorted().map { folder.appendingPathComponent($0).path }
        #expect(scripts.count >= 6)
        let runner = CommandRunner()
        defer { runner.remove() }
        let output = try runner.run(["test", "--samples"] + scripts)
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        let summary = output.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasSuffix("0 failed"), "\(summary)")
        let passed = Int(summary.split(separator: " ").first ?? "") ?? 0
        #expect(passed >= 80, "only \(passed) conversations ran")
    }

    @Test("a language from its replies file alone carries every conversation script (parlance test --replies)")
    func pseudoLanguageScripts() throws {
        let folder = Self.root.appendingPathComponent("Tests/Conversations")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".conv") }.sorted().map { folder.appendingPathComponent($0).path }
        let pseudo = Self.root.appendingPathComponent("Tests/PresentationTests/Fixtures/PseudoLanguage/qps.txt").path
        let runner = CommandRunner()
        defer { runner.remove() }
        let output = try runner.run(["test", "--samples", "--replies", pseudo, "--transcript"] + scripts)
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        let summary = output.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let counts = summary.split(separator: " ").compactMap { Int($0) }
        #expect(summary.contains(" 0 failed"), "\(summary)")
        // Skipped: those that wait for an update by its words, or come to "your message or a new request?".
        #expect((counts.first ?? 0) >= 200 && (counts.last ?? .max) <= 20, "\(summary)")
        // Every reply of every conversation was worded from the pseudo-language's file.
        let replies = output.stdout.split(separator: "\n").filter { $0.hasPrefix("      ") && $0.hasSuffix("]") && $0.contains("  [") }
        #expect(replies.count > 500)
        let english = replies.filter { !$0.contains("⟦") }
        #expect(english.isEmpty, "not from the pseudo-language:\n\(english.prefix(10).joined(separator: "\n"))")
    }

    @Test("parlance test reports a failing expectation with the line and the conversation")
    func failingScript() throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        let script = runner.home.appendingPathComponent("broken.conv")
        try FileManager.default.createDirectory(at: runner.home, withIntermediateDirectories: true)
        try """
        test: expects the wrong question
        apps: MonkeyChat
        > send a MonkeyChat message
        < What is the meaning of life?
        """.write(to: script, atomically: true, encoding: .utf8)
        let output = try runner.run(["test", "--samples", script.path])
        #expect(output.status == 1)
        #expect(output.stdout.contains("broken.conv:4: expected the assistant to say “What is the meaning of life?”"))
        #expect(output.stdout.contains("To whom?  [value:recipients]"))
        let bad = runner.home.appendingPathComponent("bad.conv")
        try "> hello\n".write(to: bad, atomically: true, encoding: .utf8)
        let refused = try runner.run(["test", "--samples", bad.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("bad.conv:1: a script starts with “test: NAME”"))
        let missing = try runner.run(["test", "--samples", runner.home.appendingPathComponent("none.conv").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("none.conv: cannot read the file"))
        let language = try runner.run(["chat", "--language", "xx"], input: "hello\n")
        #expect(language.status == 1)
        #expect(language.stderr.contains("error: language 'xx' is not supported"))
        #expect(!language.stderr.contains("installed the sample apps"))
    }

    @Test("vocab: sets an app's user vocabulary for the next request; a type that is none is refused with its line")
    func vocabularyStep() throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        let script = Self.root.appendingPathComponent("Tests/Conversations/vocabulary.conv").path
        let output = try runner.run(["test", "--samples", script])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        #expect(output.stdout.hasSuffix("3 passed, 0 failed\n"), "\(output.stdout)")
        let bad = runner.home.appendingPathComponent("bad-vocab.conv")
        try FileManager.default.createDirectory(at: runner.home, withIntermediateDirectories: true)
        try "test: a misspelt type\napps: MonkeyChat\nvocab: MonkeyChat contactname Zed\n"
            .write(to: bad, atomically: true, encoding: .utf8)
        let refused = try runner.run(["test", "--samples", bad.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("bad-vocab.conv:3: “contactname” is not a vocabulary type; did you mean “contactName”?"),
                "\(refused.stderr)")
        let unknown = runner.home.appendingPathComponent("unknown-app.conv")
        try "test: an app not installed\napps: MonkeyChat\nvocab: MonkeyPay contactName Zed\n"
            .write(to: unknown, atomically: true, encoding: .utf8)
        let failed = try runner.run(["test", "--samples", unknown.path])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("unknown-app.conv:3: no installed app named MonkeyPay"), "\(failed.stdout)")
    }

    @Test("parlance chat on a fresh home installs the samples and converses; --json prints one object per turn")
    func chat() throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        let first = try runner.run(["chat"], input: "MonkeyChat Bobo send more bananas\nyes\nwhat can you do?\n")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("I installed the sample apps"))
        #expect(first.stdout.contains("MonkeyChat wants to work with Parlance"))
        #expect(first.stdout.contains("Sent “send more bananas” to Bobo."))
        #expect(first.stdout.contains("Start a Bananarific in MonkeyFit"))
        let json = try runner.run(["chat", "--json", "--mode", "voice"], input: "pay Bobo 20 dollars with MonkeyPay\nno\n")
        let turns = json.stdout.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(AssistantTurn.self, from: Data($0.utf8))
        }
        #expect(turns.map(\.step) == ["permission", "permissionDenied"], "\(json.stdout)")
        #expect(turns.last?.speech.contains("parlance apps allow org.parlance.examples.monkeypay") == true)
        #expect(turns.allSatisfy { $0.card == nil })
    }
}

extension ConversationTests {
    @Test("the assistant killed while a payment is handled: after a restart MonkeyPay is asked again and pays once")
    func killedDuringHandle() async throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        _ = try runner.run(["chat"], input: "what can you do?\n")  // installs the sample apps
        #expect(try runner.run(["apps", "allow", "org.parlance.examples.monkeypay"]).status == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestProducts.path("parlance"))
        process.arguments = ["chat"]
        var environment = ProcessInfo.processInfo.environment
        environment["PARLANCE_HOME"] = runner.home.path
        environment["MONKEYPAY_HANDLE_SECONDS"] = "3"
        environment["PARLANCE_EXTENSION_ENVIRONMENT"] = "MONKEYPAY_HANDLE_SECONDS"
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("pay Bobo 20 dollars with MonkeyPay\nyes\n".utf8))
        var printed = ""
        let deadline = Date().addingTimeInterval(60)
        while !printed.contains("Waiting for MonkeyPay"), Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        #expect(printed.contains("Waiting for MonkeyPay"), "\(printed)")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // The extension died with the assistant, maybe after paying. MonkeyPay answers a repeated
        // intent from its record, so the restarted assistant sends it again: paid exactly once.
        let restarted = try runner.run(["chat"], input: "")
        #expect(restarted.stdout.contains("Sent $20.00 to Bobo"), "\(restarted.stdout)")
        let wallet = CommandRunner.appProgram("monkeypay")
        let balance = try runner.runProgram(wallet, ["balance"])
        #expect(balance.contains("$100.00"), "exactly once: \(balance)")
        let again = try runner.run(["chat"], input: "")
        #expect(!again.stdout.contains("Sent $20.00 to Bobo"), "told once: \(again.stdout)")
    }
}

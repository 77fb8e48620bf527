import Foundation
import Testing
import TestSupport

/// Extensions run in bubblewrap: a hostile extension reads neither the assistant's database, nor
/// another app's data, nor the assistant's environment, and writes nowhere but its own data folder.
@Suite(.waitsBlocking) struct ExtensionSandboxTests {
    @Test func aHostileExtensionSeesOnlyItsOwnAppsData() throws {
        let runner = CommandRunner()
        let bundles = try BundleFixture()
        defer { runner.remove(); bundles.remove() }
        // Another app's data, which the hostile one must not read.
        let other = runner.home.appendingPathComponent("app-data/org.parlance.examples.monkeypay")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("{\"balance\": 100}".utf8).write(to: other.appendingPathComponent("state.json"))
        let app = try bundles.chatterbox()
        try bundles.useTestExtension(in: app, arguments: "snoop '\(runner.home.path)'")
        #expect(try runner.run(["apps", "install", app.path]).status == 0)
        #expect(try runner.run(["apps", "allow", "com.example.chatterbox"]).status == 0)

        let chat = try runner.run(["chat"], input: "tell Kiki on Chatterbox that I am late\n",
                                  environment: ["PARLANCE_TEST_SECRET": "hunter2"])
        let report = runner.home.appendingPathComponent("app-data/com.example.chatterbox/snoop.txt")
        let text = try #require(try? String(contentsOf: report, encoding: .utf8),
                                "the extension left no report\n\(chat.stdout)\(chat.stderr)")
        let attempts = text.split(separator: "\n").filter { !$0.hasPrefix("environment:") }
        #expect(attempts.count == 6, "\(text)")
        for attempt in attempts {
            #expect(attempt.contains(": refused"), "\(attempt)")
        }
        let environment = text.split(separator: "\n").first { $0.hasPrefix("environment:") } ?? ""
        #expect(!environment.contains("PARLANCE_TEST_SECRET"))
        #expect(environment.contains("PARLANCE_APP_DATA"))
        #expect(!FileManager.default.fileExists(atPath: runner.home.appendingPathComponent("inbox/vocabulary/0-snoop.json").path))
        #expect(chat.stdout.contains("Kiki"), "\(chat.stdout)")
    }

    @Test func extensionsDieWithTheAssistant() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-die-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let chat = try InteractiveChat(home: home)
        chat.say("tell Kiki on MonkeyChat that I am late")
        var seen = 0
        try #require(chat.sayingYes(from: &seen) { $0["kind"] as? String != "question" } != nil, "no answer\n\(chat.output)")
        let records = home.appendingPathComponent("run/extensions")
        let pids = try FileManager.default.contentsOfDirectory(atPath: records.path).compactMap { Int32($0) }
        try #require(!pids.isEmpty, "no extension recorded as running\n\(chat.output)")
        #expect(pids.allSatisfy(Self.isRunning))
        chat.kill()
        let deadline = ContinuousClock.now + .seconds(3)
        while pids.contains(where: Self.isRunning), ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(!pids.contains(where: Self.isRunning), "extensions outlived the assistant: \(pids)")
    }

    @Test func extensionsLeftByADeadAssistantAreStoppedAtStart() throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        // A process recorded as an extension of an assistant that is gone.
        let orphan = Process()
        orphan.executableURL = URL(fileURLWithPath: "/bin/sleep")
        orphan.arguments = ["60"]
        try orphan.run()
        defer { if orphan.isRunning { kill(orphan.processIdentifier, SIGKILL) } }
        let pid = orphan.processIdentifier
        var start: String?
        for _ in 0..<200 where start == nil {
            start = Self.startTime(pid)
            Thread.sleep(forTimeInterval: 0.005)
        }
        let records = runner.home.appendingPathComponent("run/extensions")
        try FileManager.default.createDirectory(at: records, withIntermediateDirectories: true)
        try Data("\(try #require(start)) 999999999 1\n".utf8).write(to: records.appendingPathComponent("\(pid)"))

        let chat = try runner.run(["chat"], input: "")
        #expect(chat.stderr.contains("stopped app extensions left running"), "\(chat.stderr)")
        orphan.waitUntilExit()
        #expect(orphan.terminationReason == .uncaughtSignal)
        #expect(!FileManager.default.fileExists(atPath: records.appendingPathComponent("\(pid)").path))
    }

    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    static func startTime(_ pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? String(fields[19]) : nil
    }

    @Test func withoutBubblewrapTheAssistantRefusesUnlessToldToRunUnsandboxed() throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        let missing = ["PARLANCE_BWRAP": "/nonexistent/bwrap"]
        let refused = try runner.run(["chat"], input: "tell Kiki on MonkeyChat that I am late\n", environment: missing)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("bubblewrap (bwrap) is not installed"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--unsandboxed"))
        let allowed = try runner.run(["chat", "--unsandboxed"], input: "tell Kiki on MonkeyChat that I am late\nyes\n",
                                     environment: missing)
        #expect(allowed.status == 0)
        #expect(allowed.stderr.contains("WITHOUT a sandbox"), "\(allowed.stderr)")
        #expect(allowed.stdout.contains("Kiki"), "\(allowed.stdout)")
    }

    @Test func aRideExtensionThatDiesIsReportedAndTheRideFollowedToTheEnd() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-ride-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let chat = try InteractiveChat(home: home, environment: [
            "MONKEYRIDE_PHASE_SECONDS": "2", "PARLANCE_EXTENSION_ENVIRONMENT": "MONKEYRIDE_PHASE_SECONDS"])
        chat.say("get me a MonkeyRide to Central Station")
        var seen = 0
        try #require(chat.sayingYes(from: &seen) { $0["responseCode"] as? String == "inProgress" } != nil,
                     "no booking\n\(chat.output)")
        let records = home.appendingPathComponent("run/extensions")
        let pids = try FileManager.default.contentsOfDirectory(atPath: records.path).compactMap { Int32($0) }
        try #require(!pids.isEmpty)
        for pid in pids { kill(pid, SIGKILL) }
        #expect(chat.wait(timeout: .seconds(30)) { turns in turns.contains { $0["step"] as? String == "rideUpdatesInterrupted" } },
                "\(chat.output)")
        #expect(chat.wait(timeout: .seconds(60)) { turns in turns.contains { $0["step"] as? String == "update:completed" } },
                "the ride was not followed to its end after the restart\n\(chat.output)")
        #expect(!chat.output.contains("rideUpdatesLost"))
        chat.finish()
    }
}

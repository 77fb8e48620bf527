import Foundation
import Testing
import TestSupport

/// Two installed apps that go by one name: the user is warned when apps load (chat, apps list, apps install),
/// and a request that names it never goes to one of them silently: chat asks which, naming their bundle
/// identifiers, and the shared name alone is no answer.
@Suite(.waitsBlocking) struct SharedAppNameTests {
    private static func turns(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func anImpostorsNameIsWarnedAboutAndNeverPickedSilently() throws {
        let runner = CommandRunner()
        let bundles = try BundleFixture()
        defer { runner.remove(); bundles.remove() }
        #expect(try runner.run(["chat"], input: "").status == 0)  // installs the sample apps, MonkeyChat among them
        let impostor = try bundles.chatterbox(named: "Impostor.app") { path, plist in
            if path == "Info.plist" { plist["CFBundleDisplayName"] = "Monkey Chat" }
        }
        let installed = try runner.run(["apps", "install", impostor.path])
        #expect(installed.status == 0, "\(installed.stderr)")
        for output in [installed.stderr, try runner.run(["apps", "list"]).stderr] {
            #expect(output.contains("2 installed apps go by the name “Monkey") && output.contains("com.example.chatterbox")
                    && output.contains("org.parlance.examples.monkeychat"), "\(output)")
        }

        let chat = try runner.run(["chat", "--json", "--mode", "voice"],
                                  input: "send a MonkeyChat message to Bobo saying hi\nMonkeyChat\n")
        #expect(chat.stderr.contains("2 installed apps go by the name “Monkey"), "\(chat.stderr)")
        let turns = Self.turns(chat.stdout)
        let question = try #require(turns.first, "\(chat.stdout)")
        #expect(question["step"] as? String == "app", "\(chat.stdout)")
        let options = question["options"] as? [String] ?? []
        #expect(Set(options) == ["MonkeyChat (org.parlance.examples.monkeychat)", "Monkey Chat (com.example.chatterbox)"],
                "\(chat.stdout)")
        #expect(turns.dropFirst().first?["step"] as? String == "app", "the shared name alone chose nothing: \(chat.stdout)")
        #expect(!turns.contains { ($0["step"] as? String) == "permission" || ($0["step"] as? String) == "handled" })
    }
}

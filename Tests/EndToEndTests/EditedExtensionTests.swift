import Foundation
import Testing
import TestSupport

/// An extension edited in place after the user allowed it does not keep the permission: the next request
/// asks again, saying the app changed; the request is handled once after the yes; the new code is then
/// allowed.
@Suite(.waitsBlocking) struct EditedExtensionTests {
    private static func steps(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["step"] as? String
        }
    }

    @Test func anEditedExtensionIsAskedAboutAgainOnce() throws {
        let runner = CommandRunner()
        let bundles = try BundleFixture()
        defer { runner.remove(); bundles.remove() }
        let app = try bundles.chatterbox()
        #expect(try runner.run(["apps", "install", app.path]).status == 0)
        #expect(try runner.run(["apps", "allow", "com.example.chatterbox"]).status == 0)
        let request = "tell Kiki on Chatterbox that I am late\n"

        let before = try runner.run(["chat", "--json"], input: request)
        #expect(!Self.steps(before.stdout).contains("permission"), "\(before.stdout)")

        let executable = app.appendingPathComponent("PlugIns/ChatterboxIntents.appex/ChatterboxIntents")
        let handle = try FileHandle(forWritingTo: executable)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("# edited after the grant\n".utf8))
        try handle.close()
        let listed = try runner.run(["apps", "list"])
        #expect(listed.stdout.contains("its code changed"), "\(listed.stdout)")

        let asked = try runner.run(["chat", "--json", "--mode", "voice"], input: request + "yes\n")
        let steps = Self.steps(asked.stdout)
        #expect(steps.first == "permission", "\(asked.stdout)")
        #expect(asked.stdout.contains("has changed since you allowed it"), "\(asked.stdout)")
        #expect(steps.filter { $0 == "handled" }.count == 1, "\(asked.stdout)")

        let after = try runner.run(["chat", "--json"], input: request)
        #expect(!Self.steps(after.stdout).contains("permission"), "the yes was for the new code: \(after.stdout)")
        let log = try runner.run(["apps", "log", "com.example.chatterbox", "--json", "--lines", "1000"])
        let handles = log.stdout.split(separator: "\n").filter { $0.contains("\"event\":\"handle\"") }
        #expect(handles.count == 3, "one handle per request, none twice: \(log.stdout)")
    }
}

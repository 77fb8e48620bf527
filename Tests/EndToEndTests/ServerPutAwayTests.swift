import Foundation
import TestSupport
import Testing

/// A server keeps at most `--live-conversations` conversations in memory: the least recently used idle ones are put
/// away (their state saved) and taken up again, where they were, when they are used.
@Suite(.waitsBlocking)
struct ServerPutAwayTests {
    @Test func aConversationPutAwayGoesOnWhereItWas() async throws {
        let home = ServerTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home, arguments: ["--live-conversations", "3"])
        defer { server.stop() }
        let waiting = try await server.startConversation()
        let asked = try await server.say("send a MonkeyChat message", in: waiting)
        #expect(asked.last?["step"] as? String == "permission", "\(asked)")
        var others: [String] = []
        for _ in 0..<6 {
            let id = try await server.startConversation()
            let answered = try await server.say("what can you do?", in: id)
            #expect(!answered.isEmpty)
            others.append(id)
        }
        // Put away meanwhile, the first conversation still waits on its question, and shows its turns.
        let next = try await server.say("yes", in: waiting)
        #expect(next.last?["step"] as? String == "value:recipients", "\(next)")
        let shown = try await server.request("GET", "/v1/conversations/\(waiting)")
        let steps = (shown.object["turns"] as? [[String: Any]])?.map { $0["step"] as? String ?? "" } ?? []
        #expect(steps == (asked + next).map { $0["step"] as? String ?? "" }, "\(shown.text)")
        for id in others { #expect(try await server.request("GET", "/v1/conversations/\(id)").status == 200) }
    }

    @Test func noRoomIsRefused() throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        let refused = try runner.run(["serve", "--port", "0", "--live-conversations", "0"])
        #expect(refused.status == 1 && refused.stderr.contains("--live-conversations"), "\(refused.stderr)")
    }
}

import Foundation
import Testing
import TestSupport

/// `parlance chat --json` answers every line it reads: a line it refuses gets one error object, so a JSON
/// client never waits forever for a reply.
@Suite(.waitsBlocking) struct ChatJSONRefusalTests {
    @Test func everyRefusedLineGetsOneErrorObject() throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        var input = Data("send Bobo \u{1B}[2J bananas\n".utf8)
        input += Data((String(repeating: "a", count: 3_000) + "\n").utf8)
        input += Data([0x68, 0x69, 0xFF, 0xFE, 0x0A])  // "hi" and bytes that are not UTF-8
        input += Data("   \n".utf8)
        input += Data(repeating: UInt8(ascii: "b"), count: 70_000) + Data([0x0A])
        input += Data("what can you do?\n".utf8)
        let chat = try runner.run(["chat", "--json"], bytes: input)
        #expect(chat.status == 0, "\(chat.stderr)")
        let objects = try chat.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
        }
        let errors = objects.prefix(5).map { ($0["error"] as? [String: Any])?["code"] as? String }
        #expect(errors == ["controlCharacter", "requestTooLong", "invalidUTF8", "emptyRequest", "requestTooLong"],
                "\(chat.stdout)")
        for object in objects.prefix(5) {
            let message = (object["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(!message.isEmpty && !message.unicodeScalars.contains("\u{1B}"))
        }
        #expect(objects.count > 5, "the request after them is answered too: \(chat.stdout)")
        #expect(objects.dropFirst(5).allSatisfy { $0["kind"] is String && $0["error"] == nil })
        #expect(!chat.stdout.unicodeScalars.contains("\u{1B}"))
    }

    @Test func withoutJSONARefusedLineIsToldOnStderr() throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        let chat = try runner.run(["chat"], bytes: Data([0xFF, 0x0A]) + Data("what can you do?\n".utf8))
        #expect(chat.stderr.contains("not valid UTF-8"), "\(chat.stderr)")
        #expect(chat.stdout.contains("› what can you do?"))
    }
}

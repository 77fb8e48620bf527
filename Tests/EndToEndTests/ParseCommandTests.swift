import Foundation
import TestSupport
import Testing

/// `parlance parse`: one JSON object per input line, with clear errors for bad lines.
@Suite(.waitsBlocking) struct ParseCommandTests {
    @Test func parseCommandPrintsOneObjectPerLine() throws {
        let cli = CommandRunner()
        defer { cli.remove() }
        _ = try cli.run(["apps", "install", EvaluationFiles.url("apps-dev/Coinly.app").path])
        var input = Data("pay Bobo $15.50 for pizza\n\n".utf8)
        input.append(Data(String(repeating: "x", count: 100_000).utf8))
        input.append(Data("\n".utf8))
        input.append(contentsOf: [0x66, 0x6F, 0xFF, 0x0A])
        input.append(Data("what's the weather".utf8))
        let output = try cli.run(["parse", "--now", "2026-11-21"], bytes: input)
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        let objects = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects[0]["intent"] as? String == "INSendPaymentIntent")
        #expect(objects[0]["app"] is NSNull, "the request names no app")
        #expect(objects[0]["candidateApps"] as? [String] == ["org.example.coinly"])
        #expect(objects[1]["error"] != nil)
        #expect(objects[2]["error"] != nil)
        #expect(objects[3]["error"] as? String == "line 4 is not valid UTF-8")
        #expect(objects[4]["intent"] is NSNull)
    }

    @Test("bad text gets the same clear error in parse and chat; control characters are never obeyed")
    func textHygieneIsTheSameEverywhere() throws {
        let cli = CommandRunner()
        defer { cli.remove() }
        _ = try cli.run(["apps", "install", EvaluationFiles.url("apps-dev/Chatterly.app").path])
        let parsed = try cli.run(["parse"], bytes: Data("text Bobo hi \u{1B}[31mred\n".utf8))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [String: Any])
        #expect((object["error"] as? String)?.contains("control character (U+001B)") == true, "\(parsed.stdout)")

        var input = Data("text Bobo on Chatterly hi \u{1B}[31mred\n".utf8)
        input.append(contentsOf: [0x68, 0x69, 0xFF, 0xFE, 0x0A])
        let chat = try cli.run(["chat"], bytes: input)
        #expect(chat.status == 0, "\(chat.stderr)")
        #expect(!chat.stdout.contains("\u{1B}"), "nothing the user typed drives the terminal")
        #expect(chat.stdout.contains("\u{241B}[31mred"), "the escape is shown as ␛")
        #expect(chat.stdout.contains("control character (U+001B)"))
        #expect(chat.stderr.contains("that line is not valid UTF-8 text; nothing was sent"))
    }

    @Test func parseWarnsWithoutAppsAndRefusesHugeLines() throws {
        let cli = CommandRunner()
        defer { cli.remove() }
        let input = Data((String(repeating: "y", count: 200_000) + "\nsend a message to Bobo\n").utf8)
        let output = try cli.run(["parse"], bytes: input)
        #expect(output.status == 0)
        #expect(output.stderr.contains("no apps are installed"))
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("line 1 is 200000 bytes long") == true)
        #expect(lines.last?.contains("\"intent\":null") == true)
    }

    /// `parse` and `chat` are parsed by their command alone (quicker to a first answer); help and refused
    /// arguments still read as the root command's.
    @Test func quickCommandsKeepTheRootsUsageAndErrors() throws {
        let cli = CommandRunner()
        defer { cli.remove() }
        let refused = try cli.run(["parse", "--bogus"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("Unknown option '--bogus'"))
        #expect(refused.stderr.contains("Usage: parlance parse"), "\(refused.stderr)")
        let help = try cli.run(["chat", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: parlance chat"), "\(help.stdout)")
        let missing = try cli.run(["parse", "--language"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("Missing value for '--language <code>'"), "\(missing.stderr)")
        #expect(missing.stderr.contains("Usage: parlance parse"), "\(missing.stderr)")
    }
}

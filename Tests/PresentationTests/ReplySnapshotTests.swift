import Foundation
import Testing

/// The replies of the six languages, word for word, against the golden file: a change to any reply a user
/// sees shows up here. To accept an intended change, run with `PARLANCE_RECORD_REPLIES=1` and review the diff.
@Suite struct ReplySnapshotTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/replies.txt")

    @Test func everyReplyIsAsRecorded() throws {
        let lines = ReplySamples.languages.flatMap { ReplySamples.lines(language: $0) }
        let text = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["PARLANCE_RECORD_REPLIES"] == "1" {
            try text.write(to: Self.golden, atomically: true, encoding: .utf8)
            return
        }
        let recorded = try String(contentsOf: Self.golden, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let current = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(current.count == recorded.count)
        var differences = 0
        for (now, then) in zip(current, recorded) where now != then {
            differences += 1
            if differences <= 30 { Issue.record("now:  \(now)\nwas:  \(then)") }
        }
        #expect(differences == 0)
    }

    /// A language without replies speaks English, whatever its tag: the same lines as English's.
    @Test(arguments: ["xx", "en-US"])
    func aLanguageWithoutRepliesSpeaksEnglish(language: String) {
        let english = ReplySamples.lines(language: "en").map { $0.dropFirst(3) }
        let other = ReplySamples.lines(language: language).map { $0.dropFirst(language.count + 1) }
        #expect(other == english)
    }
}

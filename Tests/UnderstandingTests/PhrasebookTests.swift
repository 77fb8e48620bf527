import Foundation
import TestSupport
import Testing
@testable import ParlanceUnderstanding

/// The language data files: the bundled ones read without a mistake, every kind of mistake is reported
/// at its file, line and column, rules expand, and a new language can be read from a folder.
@Suite(.computesAtLength) struct PhrasebookTests {
    /// A small but complete language: every required section, a rule and a filler mapping.
    static let minimal = """
        @settings
        decimal-separator = .
        @numbers values
        one = 1
        @words yes
        yes
        @words no
        no
        @words cancel
        cancel
        @words list-joiners
        and
        @words app-prefixes
        {app},
        @words app-suffixes
        on {app}
        @words polite-prefixes
        please
        @fillers
        recipients = person
        @list person
        Bobo
        Kiki
        @list content
        more bananas
        @rule message
        (message|text)
        note
        @intent INSendMessageIntent
        send a <message> to {recipients} saying {content}
        @none
        what's the weather
        """

    private func issues(_ text: String, file: String = "xx/a.txt") -> [String] {
        LanguagePackReader.read(files: [(file, text)], folder: "xx", code: "xx", dates: NoDateReader()).issues.map(\.description)
    }

    /// `minimal` with line `number` (from 1) replaced.
    private func replacing(line number: Int, with text: String) -> String {
        var lines = Self.minimal.components(separatedBy: "\n")
        lines[number - 1] = text
        return lines.joined(separator: "\n")
    }

    @Test func bundledLanguagesReadWithoutMistakes() {
        #expect(LanguageCatalog.bundledIssues.map(\.description) == [])
        #expect(LanguageCatalog.supported == ["de", "en", "fr", "it", "ja", "zh"])
    }

    @Test func aCompleteLanguageReadsAndItsRulesExpand() throws {
        let result = LanguagePackReader.read(files: [("xx/a.txt", Self.minimal)], folder: "xx", code: "xx", dates: NoDateReader())
        #expect(result.issues.isEmpty)
        let pack = try #require(result.pack)
        let template = try #require(pack.phrasing.templates["INSendMessageIntent"]?.first)
        #expect(template.literalText.contains("message") && template.literalText.contains("note"))
        var expander = TemplateExpander(phrasing: pack.phrasing, seed: 3, listProperties: ["recipients"], joiners: ["and"],
                                        conjunction: "and")
        let sentences = expander.expand(template, count: 40, appNames: ["Zapp"], wrapApp: false)
        let texts = Set(sentences.map(\.text))
        #expect(texts.contains { $0.hasPrefix("send a message to ") })
        #expect(texts.contains { $0.hasPrefix("send a text to ") })
        #expect(texts.contains { $0.hasPrefix("send a note to ") })
        #expect(sentences.allSatisfy { $0.text.contains("saying") && $0.text.contains("more bananas") })
        #expect(sentences.allSatisfy { sentence in sentence.slots.map(\.property).contains("recipients") })
    }

    @Test(arguments: [
        // (line, replacement, the issue)
        (30, "send a (message|text to {recipients}", "xx/a.txt:30:8: '(' is never closed with ')'"),
        (30, "send a message] to {recipients}", "xx/a.txt:30:15: ']' closes nothing"),
        (30, "send a (message|) to {recipients}", "xx/a.txt:30:17: an empty alternative in (…); write [a|b] for an optional part"),
        (30, "send a message | text", "xx/a.txt:30:16: '|' outside (…) or […]: put the alternatives in brackets"),
        (30, "send a message to {friends}", "xx/a.txt:30:20: no @list fills {friends}: add '@list friends' or map it under @fillers"),
        (30, "send a message to {recipients", "xx/a.txt:30:19: '{' is never closed with '}'"),
        (30, "send a <letter> to {recipients}", "xx/a.txt:30:9: no @rule letter"),
        (30, "  send a {content=yes|} now", "xx/a.txt:30:23: an empty value in {content=yes|}"),
        (28, "(message|<message>)", "xx/a.txt:28:11: rule <message> refers to itself: message → message"),
        (29, "@intent INSendMessageIntnet", "xx/a.txt:29:9: unknown @intent 'INSendMessageIntnet'; one of: "
            + LanguagePackReader.intents.sorted().joined(separator: ", ")),
        (2, "decimal-separator = ..", "xx/a.txt:2:21: the decimal separator is one character, '.' or ','"),
        (4, "one = uno", "xx/a.txt:4:7: 'uno' is not a number"),
        (4, "one 1", "xx/a.txt:4:1: expected 'word = value'"),
        (14, "hey", "xx/a.txt:14:1: an app prefix or suffix must say where the name goes: {app}"),
        (20, "recipients = people", "xx/a.txt:20:14: no @list people"),
        (1, "@setting", "xx/a.txt:1:2: unknown section '@setting'; one of: @currencies, @fillers, @intent, @keywords, @list, "
            + "@none, @numbers, @rule, @settings, @units, @words"),
        (8, "yes", "xx/a.txt:8:1: 'yes' is already in @words no"),
    ])
    func aMistakeIsReportedWhereItIs(line: Int, replacement: String, issue: String) {
        var text = replacing(line: line, with: replacement)
        if line == 8 { text = text.replacingOccurrences(of: "@words no\nyes", with: "@words no\nyes\nyes") }
        let reported = issues(text)
        if line == 8 {
            #expect(reported == ["xx/a.txt:9:1: 'yes' is already in @words no"])
        } else {
            #expect(reported.contains(issue), "\(reported)")
        }
    }

    @Test func missingSectionsAreNamedAndEntriesNeedASection() {
        #expect(Set(issues("stray words\n@none\nhello")) == [
            "xx/a.txt:1:1: an entry before any section: start one with a line like \"@intent INSendMessageIntent\"",
            "xx: no @settings with decimal-separator section", "xx: no @numbers values section", "xx: no @words yes section",
            "xx: no @words no section", "xx: no @words cancel section", "xx: no @words list-joiners section",
            "xx: no @intent section", "xx: no @words app-prefixes section", "xx: no @words app-suffixes section",
            "xx: no @words polite-prefixes section",
        ])
    }

    @Test func aSectionGivenTwiceIsReportedAtTheSecond() {
        let reported = LanguagePackReader.read(files: [("xx/a.txt", Self.minimal), ("xx/b.txt", "@words yes\nsure")],
                                               folder: "xx", code: "xx", dates: NoDateReader()).issues.map(\.description)
        #expect(reported == ["xx/b.txt:1:1: a second @words yes; the first is at xx/a.txt:5"])
    }

    @Test func aFolderOfFilesIsCheckedAndSampledLikeABundledLanguage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("phrasebook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.minimal.write(to: folder.appendingPathComponent("language.txt"), atomically: true, encoding: .utf8)
        #expect(Phrasebooks.check(folder: folder, language: "xx").isEmpty)
        let sentences = try Phrasebooks.sample(language: "xx", folder: folder, intent: "INSendMessageIntent", count: 5)
        #expect(sentences.count == 5)
        #expect(sentences.allSatisfy { $0.marked.contains("](recipients)") && $0.marked.contains("more bananas") && $0.marked.contains("](content)") })
        try "@settings\ndecimal-separator = .\n@intent INSendMessageIntent\nsend (a message".write(
            to: folder.appendingPathComponent("language.txt"), atomically: true, encoding: .utf8)
        let reported = Phrasebooks.check(folder: folder, language: "xx").map(\.description)
        #expect(reported.contains("\(folder.path)/language.txt:4:6: '(' is never closed with ')'"))
        #expect(throws: PhrasebookSampleError.self) {
            try Phrasebooks.sample(language: "xx", folder: folder, count: 1)
        }
    }

    @Test func everyBundledLanguageSamplesEveryIntent() throws {
        for language in LanguageCatalog.supported {
            let sentences = try Phrasebooks.sample(language: language, count: 300, seed: 5)
            #expect(Set(sentences.map(\.intent)).count >= 15, "\(language)")
            #expect(sentences.allSatisfy { !$0.text.contains("{") && !$0.text.contains("(") && !$0.text.contains("|") },
                    "\(language)")
        }
    }
}

import Foundation
import Testing
@testable import ParlancePresentation

/// The checker on the bundled languages, and on files with each kind of fault.
@Suite struct ReplyCheckerTests {
    /// The files in the source tree, read directly so that a fault is reported with its line and key (the
    /// bundle leaves a file that doesn't read out).
    @Test(arguments: ["de", "en", "fr", "it", "ja", "zh"])
    func everyFileReads(code: String) throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ParlancePresentation/Resources/Replies")
        _ = try ReplyCatalog(directory: folder, code: code)
    }

    @Test func theSixLanguagesAreBundled() {
        #expect(ReplyLanguages.bundledCodes == ["de", "en", "fr", "it", "ja", "zh"])
    }

    @Test(arguments: ["de", "en", "fr", "it", "ja", "zh"])
    func everyLanguageHasEveryKeyAndOnlyEnglishsArguments(code: String) throws {
        let english = try #require(ReplyLanguages.bundledCatalog("en"))
        let catalog = try #require(ReplyLanguages.bundledCatalog(code))
        #expect(catalog.problems(against: english) == [])
    }

    @Test func everyMessageTheCodeAsksForIsInEnglish() throws {
        // The keys the code renders, besides those under label., card., case. and date.months.
        let english = try #require(ReplyLanguages.bundledCatalog("en"))
        for key in ["chooseApp", "done", "failure", "repair.alternative", "defaultApp.offer", "fault", "money",
                    "value.yes", "date.pattern", "list.and.end", "openApp.always", "staleAnswer"] {
            #expect(english.has(key), "\(key)")
        }
    }

    @Test func faultsAreFound() throws {
        let english = try ReplyCatalog(code: "en", text: """
            language.plurals = one
            list.and.middle = {a}, {b}
            list.and.end = {a} and {b}
            a = Use {app}?
            b = {n, plural, one {#} other {#}}
            c = {x, select, y {z} other {w}}
            """)
        let broken = try ReplyCatalog(code: "xx", text: """
            language.plurals = other
            list.and.middle = {a}, {b}
            list.and.end = {a} and {b}
            a = Use {app} with {phone}?
            b = {n, plural, one {#} other {#}}
            c = {x, select, y {{@nowhere}}}
            d = {x, shout}
            """)
        let problems = broken.problems(against: english)
        #expect(problems.contains { $0.contains("uses {phone}") })
        #expect(problems.contains { $0.contains("the plural case “one”") })
        #expect(problems.contains { $0.contains("a select has no “other”") })
        #expect(problems.contains { $0.contains("refers to “nowhere”") })
        #expect(problems.contains { $0.contains("“d” is no key of en") })
        #expect(problems.contains { $0.contains("no formatter is called “shout”") })
        let quiet = try ReplyCatalog(code: "zz", text: """
            language.plurals = one
            list.and.middle = {a}, {b}
            list.and.end = {a} and {b}
            a = Use it?
            b = {n, plural, one {#} other {#}}
            c = {x, select, y {z} other {w}}{x, omit}
            """)
        #expect(quiet.problems(against: english).contains { $0.contains("leaves out {app}") })
        #expect(!quiet.problems(against: english).contains { $0.contains("{x}") })
        let missing = try ReplyCatalog(code: "yy", text: "language.plurals = sometimes\n")
        let missingProblems = missing.problems(against: english)
        #expect(missingProblems.contains("yy: “a” is missing"))
        #expect(missingProblems.contains { $0.contains("language.plurals is “sometimes”") })
    }
}

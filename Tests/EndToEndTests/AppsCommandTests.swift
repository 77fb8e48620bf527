import Foundation
import TestSupport
import Testing

/// `parlance apps …` and `parlance lint`, run as real processes against a temporary home.
@Suite(.waitsBlocking) struct AppsCommandTests {
    @Test func controlCharactersInAnAppsNameAreShownNotObeyed() throws {
        let fixture = try BundleFixture()
        let cli = CommandRunner()
        defer { fixture.remove(); cli.remove() }
        let hostile = "Chatter\u{1B}]0;pwned\u{07}\u{1B}[2J"
        let bundle = try fixture.chatterbox { path, plist in
            if path == "Info.plist" { plist["CFBundleDisplayName"] = hostile }
        }.path
        for arguments in [["apps", "install", bundle], ["apps", "list"], ["lint", bundle]] {
            let run = try cli.run(arguments)
            // lint fails here (the examples name "Chatterbox"), which is beside the point.
            if arguments[0] == "apps" { #expect(run.status == 0, "\(arguments): \(run.stderr)") }
            #expect(!run.stdout.contains("\u{1B}") && !run.stderr.contains("\u{1B}") && !run.stdout.contains("\u{07}"),
                    "\(arguments) printed a raw control character")
            #expect(run.stdout.contains("Chatter␛]0;pwned␇␛[2J"), "\(arguments): \(run.stdout)")
        }
    }

    @Test func installListAllowRemove() throws {
        let fixture = try BundleFixture()
        let cli = CommandRunner()
        defer { fixture.remove(); cli.remove() }
        let bundle = try fixture.chatterbox().path

        let install = try cli.run(["apps", "install", bundle])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout.hasPrefix("Installed Chatterbox (com.example.chatterbox)\n"))
        #expect(install.stdout.contains("intents: INSendMessageIntent, INSearchForMessagesIntent, INSetMessageAttributeIntent"))
        #expect(install.stdout.contains("permission: not asked yet"))
        #expect(install.stderr.contains("INPlayMediaIntent"), "warnings go to stderr")

        let again = try cli.run(["apps", "install", bundle])
        #expect(again.stdout.hasPrefix("Updated Chatterbox"))

        #expect(try cli.run(["apps", "allow", "com.example.chatterbox"]).stdout
            == "Chatterbox (com.example.chatterbox) is now allowed.\n")
        let list = try cli.run(["apps", "list"])
        #expect(list.stdout == """
            NAME        IDENTIFIER              PERMISSION  INTENTS
            Chatterbox  com.example.chatterbox  allowed     SendMessage, SearchForMessages, SetMessageAttribute

            """)
        let json = try cli.run(["apps", "list", "--json"])
        #expect(json.stdout.contains("\"permission\":\"allowed\""))
        #expect(json.stdout.contains("\"alternativeNames\":[\"Chatter\"]"))

        #expect(try cli.run(["apps", "list", "--examples", "--language", "en-GB"]).stdout == """
            Chatterbox:
              Send a message with Chatterbox
              Tell Kiki on Chatterbox that I am late

            """)

        let deny = try cli.run(["apps", "deny", "com.example.chaterbox"])
        #expect(deny.status == 1)
        #expect(deny.stderr == "error: no app 'com.example.chaterbox' is installed; did you mean 'com.example.chatterbox'?\n")

        #expect(try cli.run(["apps", "remove", "com.example.chatterbox"]).stdout
            == "Removed Chatterbox (com.example.chatterbox) with its permission and vocabulary.\n")
        #expect(try cli.run(["apps", "list"]).stdout == "No apps installed. Install one with: parlance apps install PATH\n")
    }

    @Test func aBrokenBundleIsRefusedWithTheWholeReport() throws {
        let fixture = try BundleFixture()
        let cli = CommandRunner()
        defer { fixture.remove(); cli.remove() }
        let bundle = try fixture.chatterbox { path, plist in
            if path.hasPrefix("PlugIns") { plist["CFBundleExecutable"] = "Nope" }
            if path == "Info.plist" { plist["CFBundleIdentifier"] = nil }
        }.path
        let install = try cli.run(["apps", "install", bundle])
        #expect(install.status == 1)
        #expect(install.stderr.contains("cannot be installed (2 errors)"))
        #expect(install.stderr.contains("Chatterbox.app/Info.plist: CFBundleIdentifier: missing; it must be a string"))
        #expect(install.stderr.contains("CFBundleExecutable: the executable"))
        #expect(try cli.run(["apps", "list"]).stdout.hasPrefix("No apps installed"), "nothing was installed")
        let lint = try cli.run(["lint", bundle])
        #expect(lint.status == 1)
    }

    @Test("lint lists the bundle's errors and its examples' at once, and only errors make it fail")
    func lintReportsEveryProblemAtOnce() throws {
        let fixture = try BundleFixture()
        let cli = CommandRunner()
        defer { fixture.remove(); cli.remove() }
        let broken = try fixture.chatterbox { path, plist in
            if path.hasPrefix("PlugIns") { plist["CFBundleExecutable"] = "Nope" }
            if path == "Info.plist" { plist["CFBundleIdentifier"] = nil }
            if path == "en.lproj/AppIntentVocabulary.plist" {
                plist["IntentPhrases"] = [
                    ["IntentName": "INSendMessageIntent",
                     "IntentExamples": ["Tell Kiki on Chatterbox that I am late", "Send a message to Bobo"]],
                    ["IntentName": "INSendPaymentIntent", "IntentExamples": ["Pay Bobo 5 dollars with Chatterbox"]],
                ]
            }
        }.path
        let lint = try cli.run(["lint", broken])
        #expect(lint.status == 1)
        let file = "error: Chatterbox.app/en.lproj/AppIntentVocabulary.plist"
        for expected in [
            "error: Chatterbox.app/Info.plist: CFBundleIdentifier: missing; it must be a string",
            "CFBundleExecutable: the executable",
            "Chatterbox (no identifier): cannot be installed, 2 errors",
            "\(file): IntentPhrases[0].IntentExamples[1]: \"Send a message to Bobo\" does not name the app",
            "\(file): IntentPhrases[1].IntentExamples[0]: \"Pay Bobo 5 dollars with Chatterbox\" is an example of "
                + "INSendPaymentIntent, which the app does not support: its Intents extension's IntentsSupported lists "
                + "INSendMessageIntent, INSearchForMessagesIntent, INSetMessageAttributeIntent",
            "examples: 1 of 3 work (en)",
        ] {
            #expect(lint.stdout.contains(expected), "\(expected)\n\(lint.stdout)")
        }
        #expect(lint.stdout.split(separator: "\n").last?.hasPrefix("4 errors, ") == true, "\(lint.stdout)")

        // Warnings alone (an example for an intent Parlance does not serve) pass.
        let warned = try fixture.chatterbox(named: "Warned.app") { path, plist in
            if path == "en.lproj/AppIntentVocabulary.plist" {
                plist["IntentPhrases"] = [
                    ["IntentName": "INSendMessageIntent", "IntentExamples": ["Tell Kiki on Chatterbox that I am late"]],
                    ["IntentName": "INPlayMediaIntent", "IntentExamples": ["Play my mix on Chatterbox"]],
                ]
            }
        }.path
        let passing = try cli.run(["lint", warned])
        #expect(passing.status == 0, "\(passing.stdout)\n\(passing.stderr)")
        #expect(passing.stdout.contains("warning: Warned.app/en.lproj/AppIntentVocabulary.plist: IntentPhrases[1].IntentName: "
                                        + "'INPlayMediaIntent' is not an intent Parlance serves"), "\(passing.stdout)")
        #expect(passing.stdout.contains("examples: 1 of 1 work (en)"), "\(passing.stdout)")
        #expect(passing.stdout.split(separator: "\n").last?.hasPrefix("0 errors, ") == true, "\(passing.stdout)")
    }

    @Test func lintNamesEveryExampleThatDoesNotWork() throws {
        let fixture = try BundleFixture()
        let cli = CommandRunner()
        defer { fixture.remove(); cli.remove() }
        let bundle = try fixture.chatterbox { path, plist in
            guard path == "en.lproj/AppIntentVocabulary.plist" else { return }
            plist["IntentPhrases"] = [
                ["IntentName": "INSendMessageIntent",
                 "IntentExamples": ["Tell Kiki on Chatterbox that I am late", "Send a message to Bobo",
                                    "Please tell Kiki on Chatterbox I am late"]],
                ["IntentName": "INSearchForMessagesIntent", "IntentExamples": ["Send Bobo a Chatterbox message"]],
            ]
        }.path
        let lint = try cli.run(["lint", bundle])
        #expect(lint.status == 1)
        let file = "error: Chatterbox.app/en.lproj/AppIntentVocabulary.plist"
        #expect(lint.stdout.contains("\(file): IntentPhrases[0].IntentExamples[1]: \"Send a message to Bobo\" does not name the app"),
                "\(lint.stdout)")
        #expect(lint.stdout.contains("\(file): IntentPhrases[0].IntentExamples[2]: \"Please tell Kiki on Chatterbox I am late\" "
                                     + "says \"please\""))
        #expect(lint.stdout.contains("\(file): IntentPhrases[1].IntentExamples[0]: \"Send Bobo a Chatterbox message\" is understood "
                                     + "as INSendMessageIntent (recipients: Bobo), not as INSearchForMessagesIntent"))
        #expect(!lint.stdout.contains("IntentExamples[0]: \"Tell Kiki"))
        #expect(lint.stdout.contains("examples: 1 of 4 work (en)"))

        // Installing says what is wrong with the style, and installs: the extension works all the same.
        let install = try cli.run(["apps", "install", bundle])
        #expect(install.status == 0)
        #expect(install.stderr.contains("warning: Chatterbox.app/en.lproj/AppIntentVocabulary.plist: "
                                        + "IntentPhrases[0].IntentExamples[1]: \"Send a message to Bobo\" does not name the app"))
        #expect(!install.stderr.contains("understood as"), "install checks style only")
    }
}

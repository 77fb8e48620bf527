import Foundation
import Intents
import ParlanceCore
import ParlanceTesting
import ParlanceUnderstanding
import TestSupport
import Testing

/// `parlance lint`'s checks of an app's example requests.
extension UnderstandingTests {
    @Suite struct ExamplePhraseCheckerTests {
        static let examples = [
            "Tell Kiki on MonkeyChat that I am late",
            "Tell Bobo on MonkeyChat thank you for the bananas",
            "Send a message to Bobo",
            "Hey Siri send a MonkeyChat message to Bobo",
            "Please tell Kiki on MonkeyChat I am late",
            "Show my MonkeyChat messages from Bobo",
            "Set an alarm for seven on MonkeyChat",
            "Send a MonkeyChat message to Bobo saying that we will all meet at the big tree by the river after lunch",
        ]

        static func checks() -> [ExampleCheck] {
            let app = AppBundle.fixture(identifier: "org.example.monkeychat", displayName: "MonkeyChat",
                                        intents: ["INSendMessageIntent", "INSearchForMessagesIntent"],
                                        examples: ["INSendMessageIntent": examples])
            return ExamplePhraseChecker(app: app).check()
        }

        @Test func eachExampleIsCheckedWhereItIsWritten() {
            let checks = Self.checks()
            #expect(checks.map(\.example) == Self.examples)
            #expect(checks.map(\.key) == Self.examples.indices.map { "IntentPhrases[0].IntentExamples[\($0)]" })
            #expect(checks.allSatisfy { $0.file == "org.example.monkeychat.app/en.lproj/AppIntentVocabulary.plist" })
        }

        @Test func goodExamplesPassAndThanksInsideTheMessageIsTheMessage() {
            let checks = Self.checks()
            #expect(checks[0].passes, "\(checks[0].problems)")
            #expect(checks[1].passes, "\(checks[1].problems)")
            #expect(checks[0].understood?.parameters["content"] == .string("I am late"))
        }

        @Test func eachBadExampleSaysWhatIsWrong() {
            let problems = Self.checks().map { $0.problems.joined(separator: " | ") }
            #expect(problems[2].contains("does not name the app: say MonkeyChat"), "\(problems[2])")
            #expect(problems[3].contains("addresses the assistant by name (\"Siri\")"), "\(problems[3])")
            #expect(problems[4].contains("says \"please\""), "\(problems[4])")
            #expect(problems[5].contains("is understood as INSearchForMessagesIntent (senders: Bobo), not as INSendMessageIntent"),
                    "\(problems[5])")
            #expect(problems[6].contains("is not understood as INSendMessageIntent"), "\(problems[6])")
            #expect(problems[7].contains("is too long"), "\(problems[7])")
        }

        @Test func aValueTheExampleShowsButUnderstandingDropsIsNamed() {
            let app = AppBundle.fixture(identifier: "org.example.monkeyphotos", displayName: "MonkeyPhotos",
                                        intents: ["INSearchForPhotosIntent"],
                                        examples: ["INSearchForPhotosIntent": ["MonkeyPhotos show zorblax",
                                                                               "Show zorblax photos in MonkeyPhotos"]])
            let checks = ExamplePhraseChecker(app: app).check()
            // Since training reads a third of its sentences in lower case, "MonkeyPhotos show zorblax" is no
            // request at all for this fixture (a known regression, listed in docs/history.md › Still missing).
            withKnownIssue("a bare 'show X' to a photo app with no vocabulary is no longer understood", isIntermittent: true) {
                #expect(checks[0].understood?.intent == "INSearchForPhotosIntent")
                #expect(checks[0].understood?.unreadWords == ["zorblax"])
                #expect(checks[0].problems == ["shows \"zorblax\", which no parameter of INSearchForPhotosIntent takes "
                                               + "(understood with no parameters)"])
            }
            #expect(checks[1].passes, "\(checks[1].problems)")
        }

        @Test func styleAloneNeedsNoModel() {
            let app = AppBundle.fixture(identifier: "org.example.monkeychat", displayName: "MonkeyChat",
                                        intents: ["INSendMessageIntent"],
                                        examples: ["INSendMessageIntent": ["Send a message to Bobo", "Text Bobo on MonkeyChat"]])
            let checks = ExamplePhraseChecker(app: app).check(understanding: false)
            #expect(checks.map(\.passes) == [false, true])
            #expect(checks.allSatisfy { $0.understood == nil })
        }

        @Test("an example for an intent the app does not support fails, whatever understanding makes of it",
              arguments: [false, true])
        func anExampleOfAnUnsupportedIntentFails(understanding: Bool) {
            // A video call reads as the call the app makes; a payment is nothing this app does.
            let app = AppBundle.fixture(identifier: "org.example.monkeycall", displayName: "MonkeyCall",
                                        intents: ["INStartAudioCallIntent"],
                                        examples: ["INStartAudioCallIntent": ["Call Bobo on MonkeyCall"],
                                                   "INStartVideoCallIntent": ["Video call Bobo on MonkeyCall"],
                                                   "INSendPaymentIntent": ["Pay Bobo 5 dollars with MonkeyCall"]])
            let checks = ExamplePhraseChecker(app: app).check(understanding: understanding)
            #expect(checks.map(\.example) == ["Pay Bobo 5 dollars with MonkeyCall", "Call Bobo on MonkeyCall",
                                              "Video call Bobo on MonkeyCall"])
            #expect(checks.map(\.passes) == [false, true, false], "\(checks.map(\.problems))")
            for check in [checks[0], checks[2]] {
                #expect(check.problems == ["is an example of \(check.intentName), which the app does not support: "
                                           + "its Intents extension's IntentsSupported lists INStartAudioCallIntent"])
            }
        }

        /// Every sample app's examples, in every language, work as a person's request would.
        @Test func everySampleAppsExamplesWork() throws {
            let folder = EvaluationFiles.root.deletingLastPathComponent().appendingPathComponent("Examples")
            let apps = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().compactMap { name -> URL? in
                let bundle = folder.appendingPathComponent(name).appendingPathComponent("\(name).app")
                return FileManager.default.fileExists(atPath: bundle.path) ? bundle : nil
            }
            #expect(apps.count == 8)
            for bundle in apps {
                let app = try BundleLoader.load(bundle.path).app
                let checks = ExamplePhraseChecker(app: app).check()
                // MonkeyDine serves only the maps surface (restaurant intents), which nobody speaks to.
                let spoken = app.supportedIntents.contains { IntentCatalog.intent(named: $0)?.domain != .restaurants }
                #expect(checks.isEmpty == !spoken, "\(app.displayName)")
                for check in checks where !check.passes {
                    Issue.record("\(check.file): \(check.key): \(check.example): \(check.problems)")
                }
            }
        }
    }
}

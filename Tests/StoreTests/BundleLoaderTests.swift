import Foundation
import ParlanceCore
import TestSupport
import Testing

@Suite struct BundleLoaderTests {
    @Test(arguments: [false, true])
    func xcodeTemplateBundleLoads(binary: Bool) throws {
        let fixture = try BundleFixture()
        defer { fixture.remove() }
        let loaded = try BundleLoader.load(try fixture.chatterbox(binary: binary).path)
        let app = loaded.app
        #expect(app.identifier == "com.example.chatterbox")
        #expect(app.displayName == "Chatterbox")
        #expect(app.displayName(language: "de-DE") == "Plauderbox")
        #expect(app.localizedUsageDescriptions["de"] == "Plauderbox sendet und liest deine Nachrichten.")
        #expect(app.usageDescription == "Chatterbox sends and reads your messages when you ask.")
        #expect(app.alternativeNames == [AlternativeAppName(name: "Chatter", pronunciationHint: "chat er")])
        #expect(app.userActivityTypes == ["INSendMessageIntent"])
        #expect(app.supportedIntents == ["INSendMessageIntent", "INSearchForMessagesIntent", "INSetMessageAttributeIntent"])
        #expect(app.intentsExtension?.restrictedWhileLocked == [])
        #expect(app.intentsExtension?.executable.hasSuffix("PlugIns/ChatterboxIntents.appex/ChatterboxIntents") == true)
        let vocabulary = try #require(app.vocabularies["en"])
        #expect(vocabulary.parameterVocabularies.isEmpty, "Xcode's empty skeleton is skipped")
        #expect(vocabulary.intentPhrases == [IntentPhrase(intentName: "INSendMessageIntent", examples: [
            "Send a message with Chatterbox", "Tell Kiki on Chatterbox that I am late"])])
        #expect(loaded.warnings.map(\.description) == [
            "warning: Chatterbox.app/en.lproj/AppIntentVocabulary.plist: IntentPhrases[1].IntentName: "
                + "'INPlayMediaIntent' is not an intent Parlance serves; its examples are ignored"])
    }

    @Test func parameterVocabularyAndLocalizedFilesLoad() throws {
        let fixture = try BundleFixture()
        defer { fixture.remove() }
        let app = try fixture.chatterbox { path, plist in
            if path == "PlugIns/ChatterboxIntents.appex/Info.plist" {
                plist["NSExtension"] = ["NSExtensionPointIdentifier": "com.apple.intents-service",
                    "NSExtensionAttributes": ["IntentsSupported": ["INStartWorkoutIntent", "INEndWorkoutIntent"],
                                              "IntentsRestrictedWhileLocked": ["INStartWorkoutIntent"]]]
            }
            if path == "en.lproj/AppIntentVocabulary.plist" {
                plist["ParameterVocabularies"] = [[
                    "ParameterNames": ["INStartWorkoutIntent.workoutName", "INEndWorkoutIntent.workoutName"],
                    "ParameterVocabulary": [["VocabularyItemIdentifier": "bananarific",
                        "VocabularyItemSynonyms": [["VocabularyItemPhrase": "Bananarific",
                                                    "VocabularyItemPronunciation": "ba nana ri fic",
                                                    "VocabularyItemExamples": ["start a Bananarific in Chatterbox"]]]]]]]
            }
        }
        let loaded = try BundleLoader.load(app.path).app
        #expect(loaded.intentsExtension?.restrictedWhileLocked == ["INStartWorkoutIntent"])
        let vocabulary = try #require(loaded.vocabularies["en"]?.parameterVocabularies.first)
        #expect(vocabulary.parameterNames == ["INStartWorkoutIntent.workoutName", "INEndWorkoutIntent.workoutName"])
        #expect(vocabulary.items.first?.identifier == "bananarific")
        #expect(vocabulary.items.first?.synonyms.first == VocabularySynonym(
            phrase: "Bananarific", pronunciation: "ba nana ri fic", examples: ["start a Bananarific in Chatterbox"]))
    }

    @Test func everyProblemIsReportedAtOnceWithFileAndKey() throws {
        let fixture = try BundleFixture()
        defer { fixture.remove() }
        let app = try fixture.chatterbox { path, plist in
            if path == "PlugIns/ChatterboxIntents.appex/Info.plist" {
                plist["CFBundleExecutable"] = "Missing"
                plist["NSExtension"] = ["NSExtensionPointIdentifier": "com.apple.intents-service",
                    "NSExtensionAttributes": ["IntentsSupported": ["INSendMesageIntent", "INSearchForMessagesIntent"],
                                              "IntentsRestrictedWhileLocked": ["INRequestPaymentIntent"]]]
            }
            if path == "en.lproj/AppIntentVocabulary.plist" {
                plist["ParameterVocabularies"] = [[
                    "ParameterNames": ["INStartWorkoutIntent.workoutNmae"],
                    "ParameterVocabulary": [["VocabularyItemIdentifier": "x",
                        "VocabularyItemSynonyms": [["VocabularyItemPhrase": "X"]]]]]]
            }
        }
        try Data("<plist><dict><key>oops".utf8).write(to: app.appendingPathComponent("de.lproj/AppIntentVocabulary.plist"))
        let report = try #require(throws: BundleValidationError.self) { try BundleLoader.load(app.path) }
        let errors = report.errors.map(\.description)
        let appex = "Chatterbox.app/PlugIns/ChatterboxIntents.appex/Info.plist"
        #expect(errors.contains { $0.hasPrefix("error: Chatterbox.app/de.lproj/AppIntentVocabulary.plist: not a valid property list") })
        #expect(errors.contains("error: Chatterbox.app/en.lproj/AppIntentVocabulary.plist: "
            + "ParameterVocabularies[0].ParameterNames[0]: INStartWorkoutIntent has no property 'workoutNmae'; did you mean 'workoutName'?"))
        #expect(errors.contains("error: \(appex): NSExtension.NSExtensionAttributes.IntentsSupported[0]: "
            + "'INSendMesageIntent' is not an intent Parlance knows; did you mean 'INSendMessageIntent'?"))
        #expect(errors.contains("error: \(appex): NSExtension.NSExtensionAttributes.IntentsRestrictedWhileLocked[0]: "
            + "INRequestPaymentIntent is not in IntentsSupported; every restricted intent must also be supported"))
        #expect(errors.contains { $0.hasPrefix("error: \(appex): CFBundleExecutable: the executable ") && $0.hasSuffix("does not exist; build the extension first") })
        #expect(report.errors.count == 5)
        #expect(report.description.hasPrefix("\(app.path) cannot be installed (5 errors):\n  error: "))
    }

    @Test func aFolderWithoutAnExtensionOrInfoPlistIsRefused() throws {
        let fixture = try BundleFixture()
        defer { fixture.remove() }
        let empty = fixture.root.appendingPathComponent("Empty.app")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let report = try #require(throws: BundleValidationError.self) { try BundleLoader.load(empty.path) }
        #expect(report.errors.map(\.description) == ["error: Empty.app/Info.plist: the file is missing or unreadable"])
        let missing = try #require(throws: BundleValidationError.self) { try BundleLoader.load("/nonexistent/Nope.app") }
        #expect(missing.errors.map(\.description) == ["error: Nope.app: no such bundle folder"])
    }
}

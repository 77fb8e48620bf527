import Foundation
@testable import parlance
import ParlanceSpeech
import ParlanceStore
import ParlanceUnderstanding
import TestSupport
import Testing

/// Which reading of a transcript the ear takes when some of its words sound like names the assistant knows:
/// the sample apps and their contacts, with transcripts as Whisper wrote them for synthetic voices.
@Suite(.computesAtLength) struct SpokenReadingChoiceTests {
    /// An engine never asked: `hearing` is given the readings.
    struct Silent: SpeechRecognizer {
        var languages: [String] { ["en"] }
        func recognize(_ audio: WaveAudio, language: String) async throws(SpeechError) -> [SpeechHypothesis] { [] }
    }

    static let ear: Result<SpokenRequestRecognizer, any Error> = Result {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("spoken-\(UUID().uuidString)")
        let store = try AssistantStore.open(home: home)
        try SampleApps.install(into: store, home: home, allow: true)
        let understander = RequestUnderstander(store: store, defaultCurrency: "USD",
                                               modelCache: ModelCache(folder: home.appendingPathComponent("models")))
        var ear = SpokenRequestRecognizer(engine: Silent(), forms: WrittenForms(), understander: understander)
        ear.vocabulary = SpeechNames.spoken(store: store, language: "en")
        return ear
    }

    static func chosen(_ transcript: String, language: String = "en") throws -> String? {
        try ear.get().hearing([SpeechHypothesis(text: transcript, score: 0)], language: language).chosen?.text
    }

    @Test("a name heard as other words is read as the name where understanding takes it for one", arguments: [
        ("Send key key 55 pounds.", "Send Kiki 55 pounds."),
        ("Text Coco on Monkey Church that I'm running late.", "Text Coco on MonkeyChat that I'm running late."),
        ("Request $25 from Kitty.", "Request $25 from Kiki."),
        ("Tell Mimi Benaneu I'm on my way.", "Tell Mimi Banana I'm on my way."),
    ])
    func corrected(_ transcript: String, _ expected: String) throws {
        #expect(try Self.chosen(transcript) == expected)
    }

    @Test("a contact who sounds like the word heard beats the word, which is nobody")
    func contactOverNobody() throws {
        let chosen = try Self.chosen("Send a message to cake")
        #expect(["Send a message to Coco", "Send a message to Kiki"].contains(chosen), "\(chosen ?? "nothing")")
    }

    @Test("a message's words, and names nobody near a known one, stay as heard", arguments: [
        "Send a message to Zaza saying buy a cake.",
        "Send a message to Coco saying the cookie is great.",
        "Pay the Eli $1,000.",
        "Give Bobo $100.",
    ])
    func kept(_ transcript: String) throws {
        #expect(try Self.chosen(transcript) == transcript)
    }

    @Test("words the engine hyphenated into one are read apart when only that reading is understood", arguments: [
        ("Call-Bobo on MonkeyCall.", "Call Bobo on MonkeyCall."),
        ("Text-Kiki I'm late.", "Text Kiki I'm late."),
    ])
    func hyphenated(_ transcript: String, _ expected: String) throws {
        #expect(try Self.chosen(transcript) == expected)
    }

    @Test("a hyphenated reading that is understood as written stays as written")
    func hyphenatedKept() throws {
        let transcript = "Send a message to Coco saying the T-shirt is ready."
        #expect(try Self.chosen(transcript) == transcript)
    }

    @Test("the corrected readings are offered after the engine's")
    func readingsListed() throws {
        let hearing = try Self.ear.get().hearing([SpeechHypothesis(text: "Send key key 55 pounds.", score: -3)], language: "en")
        #expect(Array(hearing.readings.map(\.text).prefix(2)) == ["Send key key 55 pounds.", "Send Kiki 55 pounds."])
        #expect(hearing.readings.allSatisfy { $0.score == -3 })
        #expect(hearing.ordered.first?.text == "Send Kiki 55 pounds.")
    }
}

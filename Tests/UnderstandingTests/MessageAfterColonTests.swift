import Foundation
import Testing
@testable import ParlanceUnderstanding

// Nested in `UnderstandingTests`: the understander's cases train models, which must not hold the cooperative pool.
extension UnderstandingTests {
    /// What follows a colon at the end of a message request is the message, whatever the tagger guessed there:
    /// a lower-case greeting after it ("…: ciao") is no recipient.
    @Suite struct MessageAfterColonTests {
        static func segments(_ text: String) -> [Segment] {
            text.split(separator: " ").enumerated().map { index, word in
                let key = String(word)
                return Segment(tokens: index..<(index + 1), kind: key == ":" ? .punctuation : .word, key: key.lowercased(),
                               isCapitalized: false)
            }
        }

        @Test func theWordsAfterTheColonAreTheMessage() {
            let segments = Self.segments("manda a kiki : ciao")
            let tagged = ["O", "O", "B-recipients", "O", "B-recipients"]
            #expect(RequestUnderstander.messageAfterColon(tagged, segments: segments, carriesMessage: true)
                    == ["O", "O", "B-recipients", "O", "B-content"])
            // The request's own words the tagger began the message with before the colon are not the message.
            let following = Self.segments("tell kiki the following : meet me")
            let early = ["O", "B-recipients", "B-content", "I-content", "O", "B-content", "I-content"]
            #expect(RequestUnderstander.messageAfterColon(early, segments: following, carriesMessage: true)
                    == ["O", "B-recipients", "O", "O", "O", "B-content", "I-content"])
        }

        @Test func aColonIsLeftAloneWhereItSaysNothingOfAMessage() {
            let segments = Self.segments("manda a kiki : ciao")
            let tagged = ["O", "O", "B-recipients", "O", "B-recipients"]
            // An intent without a message.
            #expect(RequestUnderstander.messageAfterColon(tagged, segments: segments, carriesMessage: false) == tagged)
            // A message the tagger found elsewhere, nothing of it after the colon.
            let before = Self.segments("say hi : kiki")
            let elsewhere = ["O", "B-content", "O", "B-recipients"]
            #expect(RequestUnderstander.messageAfterColon(elsewhere, segments: before, carriesMessage: true) == elsewhere)
            // A colon inside the message.
            let inside = Self.segments("text kiki note : milk")
            let whole = ["O", "B-recipients", "B-content", "I-content", "I-content"]
            #expect(RequestUnderstander.messageAfterColon(whole, segments: inside, carriesMessage: true) == whole)
            // Nothing after it.
            let last = Self.segments("text kiki :")
            #expect(RequestUnderstander.messageAfterColon(["O", "B-recipients", "O"], segments: last, carriesMessage: true)
                    == ["O", "B-recipients", "O"])
        }

        @Test func aCapitalizedWordBesideANameIsPartOfIt() {
            var segments = Self.segments("show my Moon Trip photos")
            for index in [2, 3] { segments[index].isCapitalized = true }
            let tagged = ["O", "O", "B-albumName", "O", "O"]
            #expect(RequestUnderstander.wholeCapitalizedNames(tagged, segments: segments) == ["O", "O", "B-albumName", "I-albumName", "O"])
            // Not "I'm", which has a capital of its own; not in German, where every noun has one.
            var late = Self.segments("tell Kiki I'm late")
            for index in [1, 2] { late[index].isCapitalized = true }
            let person = ["O", "B-recipients", "O", "O"]
            #expect(RequestUnderstander.wholeCapitalizedNames(functionWords: ["i'm"], person, segments: late) == person)
            #expect(RequestUnderstander.wholeCapitalizedNames(capitalsMarkNames: false, tagged, segments: segments) == tagged)
        }

        @Test(arguments: [
            ("en", "text kiki on chatterly: hear this, the train is late", "Kiki", "hear this, the train is late"),
            ("it", "manda un messaggio a kiki su chatterly: ci vediamo alle otto", "Kiki", "ci vediamo alle otto"),
            ("de", "schreib kiki auf chatterly: ich komme später", "Kiki", "ich komme später"),
            ("fr", "envoie un message à kiki sur chatterly : je serai en retard", "Kiki", "je serai en retard"),
            ("ja", "Chatterlyでキキにメッセージ：今から帰るよ", "キキ", "今から帰るよ"),
            ("zh", "用Chatterly给琪琪发消息：我马上到", "琪琪", "我马上到"),
        ])
        func throughTheUnderstander(_ language: String, _ text: String, _ recipient: String, _ message: String) throws {
            let result = try AnswerTests.shared.get().understand(text, language: language)
            #expect(result.intent == "INSendMessageIntent")
            #expect(result.parameters["recipients"] == .array([.object(["displayName": .string(recipient)])]), "\(result.parameters)")
            #expect(result.parameters["content"] == .string(message))
        }
    }
}

import Foundation
import ParlanceScripts
import ParlanceTesting
import ParlanceUnderstanding
import TestSupport
import Testing

/// The declared chain of recognisers: exact matches first, the model after, the scope decision at the
/// end, and every result saying which recogniser decided.
extension UnderstandingTests {
    @Suite struct RecognizerChainTests {
        @Test func anAppsOwnExamplePhraseIsRecognisedWordForWord() throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let result = try understander.understand("send a message to Anna, saying hi with Chatterly", language: "en")
            #expect(result.recognizer == .appExample)
            #expect(result.intent == "INSendMessageIntent")
            #expect(result.app == "org.example.chatterly")
            #expect(result.parameters["content"] == .string("hi"))
        }

        @Test(arguments: ["call Bobo", "please ring Kiki on Ringo", "pay Bobo $20", "show me my Summer in Rome album"])
        func aTemplateWithEverySlotRecognisedIsAnExactMatch(_ text: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let result = try understander.understand(text, language: "en")
            #expect(result.recognizer == .template, "\(result)")
            #expect(result.intent != nil)
            #expect(result.confidence >= 0.99)
        }

        @Test(arguments: ["tell me a joke", "take me to the airport", "find photos of the beach"])
        func placesAndSearchWordsWithNoRightEdgeAreNeverAnExactMatch(_ text: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let result = try understander.understand(text, language: "en")
            #expect(result.recognizer != .template, "\(result)")
        }

        @Test(arguments: [("show sunset photos in Pixbox", "sunset"), ("find beach pictures", "beach"),
                          ("show me my coral reef photos", "coral reef")])
        func unknownSearchWordsHeldBetweenTheTemplatesWordsAreItsValue(_ text: String, terms: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let result = try understander.understand(text, language: "en")
            #expect(result.recognizer == .template, "\(result)")
            #expect(result.intent == "INSearchForPhotosIntent")
            #expect(result.parameters["searchTerms"] == .array([.string(terms)]), "\(result.parameters)")
        }

        @Test(arguments: [("en", "what time is it in tokyo right now"), ("en", "start the roomba"),
                          ("en", "find me a takeaway near the station"), ("ja", "明日は寒いですか"),
                          ("zh", "找一家公司附近的餐厅")])
        func wordsThatSpeakForOutOfScopeTurnAnUnnamedRequestDown(_ language: String, _ text: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let result = try understander.understand(text, language: language)
            #expect(result.intent == nil, "\(result)")
            #expect(result.candidateApps.isEmpty)
        }

        @Test(arguments: ["在小区东门叫一辆车去火车站", "帮我叫个顺风车去南京"])
        func aChineseCharacterOfALongerWordDoesNotTurnAClearRideDown(_ text: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let result = try understander.understand(text, language: "zh")
            #expect(result.intent == "INRequestRideIntent", "\(result)")
        }

        @Test(arguments: ["现在几点了", "明天会刮大风吗", "帮我把车门锁上"])
        func aChineseMarkerStillTurnsDownWhatNoAppDoes(_ text: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            #expect(try understander.understand(text, language: "zh").intent == nil)
        }

        @Test(arguments: [("let Jonas know the train is late", "INSendMessageIntent"),
                          ("book me a cab to the station", "INRequestRideIntent")])
        func aShapeOneIntentAloneUsesStaysInScope(_ text: String, _ intent: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let result = try understander.understand(text, language: "en")
            #expect(result.intent == intent, "\(result)")
        }

        @Test(arguments: [("book a Rocket with Hopp to the airport", "INRequestRideIntent"),
                          ("set an alarm for 7 with Hopp", nil), ("Hopp play some jazz", nil)])
        func aNamedAppsRequestIsJudgedByItsWordsToo(_ text: String, _ intent: String?) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let result = try understander.understand(text, language: "en")
            #expect(result.intent == intent, "\(result)")
        }

        @Test func anAppAndANameAloneAreTheNamedAppsIntent() throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let call = try understander.understand("Ringo Zoë", language: "it")
            #expect(call.intent == "INStartCallIntent", "\(call)")
            let ride = try understander.understand("request a ride on Coinly", language: "en")
            #expect(ride.intent == nil, "the words say a ride, which the named payment app can't do: \(ride)")
        }

        @Test(arguments: ["show my new photos", "show my Banana Trips photos"])
        func commonWordsAndCapitalizedNamesAreNoUnknownValue(_ text: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let result = try understander.understand(text, language: "en")
            #expect(result.recognizer != .template, "\(result)")
        }

        @Test(arguments: [
            ("text Kiki that the dog needs a walk", "the dog needs a walk"),
            ("tell Bobo on Chatterly can we reschedule lunch to tomorrow at noon", "can we reschedule lunch to tomorrow at noon"),
            ("message Kiki: where are you?", "where are you?"),
            ("text Zazu 🍌🐒👍🏽 ok 🍌", "🍌🐒👍🏽 ok 🍌"),
            ("tell Mary Jones that the keys are under the mat", "the keys are under the mat"),
            ("text Kiki on Chatterly: saying goodbye is hard", "saying goodbye is hard"),
            ("ask Bobo I'll be there in 5", "I'll be there in 5"),
        ])
        func aMessageIsTakenWholeByTheTemplate(_ text: String, content: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let result = try understander.understand(text, language: "en")
            #expect(result.recognizer == .template, "\(result)")
            #expect(result.intent == "INSendMessageIntent")
            #expect(result.parameters["content"] == .string(content), "\(result)")
        }

        /// Names no vocabulary knows, in a language without spaces: a title ends them ("さん", "老师"), and a
        /// "?" or "!" written against the message's last word stays with it.
        @Test(arguments: [
            ("ja", "木村さんに今夜8時に集合ってメッセージして", "木村さん", "今夜8時に集合"),
            ("ja", "Chatterlyで高橋先生に宿題は終わった？と送って", "高橋先生", "宿題は終わった？"),
            ("ja", "Lenaに明日は雨だよ！って伝えて", "Lena", "明日は雨だよ！"),
            ("ja", "さくらちゃんにおやすみってメッセージして", "さくらちゃん", "おやすみ"),
            ("zh", "告诉刘老师我明天请假", "刘老师", "我明天请假"),
        ])
        func aTitledNameEndsWhereItsTitleDoes(_ language: String, _ text: String, _ person: String, _ content: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let result = try understander.understand(text, language: language)
            #expect(result.intent == "INSendMessageIntent", "\(result)")
            #expect(result.parameters["recipients"] == .array([.object(["displayName": .string(person)])]), "\(result)")
            #expect(result.parameters["content"] == .string(content), "\(result)")
        }

        /// Chinese names no vocabulary knows start with a family name: "小" or "老" and the family name, or the
        /// family name and one or two characters, ending where the words after a name begin.
        @Test(arguments: [
            ("告诉周杰把门锁好", "周杰", "把门锁好"), ("跟老陈说晚点到", "老陈", "晚点到"),
            ("告诉欧阳娜娜明天见", "欧阳娜娜", "明天见"), ("跟孙小红说生日快乐", "孙小红", "生日快乐"),
            ("告诉马丽会议改到三点", "马丽", "会议改到三点"),
        ])
        func aChineseNameStartsWithItsFamilyName(_ text: String, _ person: String, _ content: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let result = try understander.understand(text, language: "zh")
            #expect(result.intent == "INSendMessageIntent", "\(result)")
            #expect(result.parameters["recipients"] == .array([.object(["displayName": .string(person)])]), "\(result)")
            #expect(result.parameters["content"] == .string(content), "\(result)")
        }

        @Test(arguments: ["pause the podcast", "pause the timer", "resume the music", "stop the alarm", "tell me a joke"])
        func ambiguousAndForeignRequestsEndWithNoIntent(_ text: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let result = try understander.understand(text, language: "en")
            #expect(result.intent == nil, "\(result)")
            #expect([.model, .scope].contains(result.recognizer))
        }

        @Test func theChainIsThePolicys() throws {
            let store = try EvaluationSetup.store(apps: EvaluationFiles.url("apps-dev"),
                                                  vocabulary: EvaluationFiles.url("en/vocabulary-dev.json"))
            let modelOnly = RequestUnderstander(store: store, defaultCurrency: "USD",
                                                policy: UnderstandingPolicy(chain: [.noRequest, .model]))
            let result = try modelOnly.understand("call Bobo", language: "en")
            #expect(result.recognizer == .model)
            #expect(result.intent == "INStartCallIntent")
            #expect(try modelOnly.understand("yes", language: "en").recognizer == .noRequest)
        }

        @Test func parseJSONSaysWhichRecogniserDecided() throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let data = try JSONEncoder().encode(try understander.understand("call Bobo", language: "en"))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["recognizer"] as? String == "template")
        }
    }
}

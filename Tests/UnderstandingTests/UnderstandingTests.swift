import Foundation
import Intents
import ParlanceCore
import ParlanceScripts
import ParlanceStore
import ParlanceTesting
import ParlanceUnderstanding
import TestSupport
import Testing

/// Understanding against real bundles in a real (in-memory) store, with the labelled sets as the gate.
/// Serialized (with the nested suites): training a model takes seconds in a debug build, and running
/// several at once would starve the timing-sensitive hosting tests of the two cooperative threads.
@Suite(.serialized, .computesAtLength) struct UnderstandingTests {
    static func utcTime() -> ReferenceTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return ReferenceTime(now: EvaluationFiles.now, calendar: calendar)
    }

    static func understander(_ set: String) throws -> (RequestUnderstander, AssistantStore) {
        DedicatedTestExecutor.expectCurrentThread(for: "an understander over the evaluation apps")
        let store = try EvaluationSetup.store(apps: EvaluationFiles.url("apps-\(set)"),
                                              vocabulary: EvaluationFiles.url("en/vocabulary-\(set).json"))
        return (RequestUnderstander(store: store, defaultCurrency: "USD", clock: { utcTime() }), store)
    }

    struct Threshold: Decodable {
        let intentAccuracy: Double
        let exactFrameAccuracy: Double
    }

    /// Each language's sets ("en/dev", "fr/heldout") against its thresholds ("dev", "fr-heldout").
    @Test(arguments: ["en/dev", "en/heldout", "fr/dev", "fr/heldout", "de/dev", "de/heldout", "it/dev", "it/heldout",
                                "zh/dev", "zh/heldout", "ja/dev", "ja/heldout"])
    func labelledSetMeetsItsThresholds(_ path: String) throws {
        let parts = path.split(separator: "/").map(String.init)
        let (language, set) = (parts[0], parts[1])
        let data = try Data(contentsOf: EvaluationFiles.url("thresholds.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let key = language == "en" ? set : "\(language)-\(set)"
        let limits = try JSONDecoder().decode(Threshold.self,
                                              from: JSONSerialization.data(withJSONObject: try #require(object[key])))
        let (understander, _) = try Self.understander(set)
        let labelled = try Evaluator.load(EvaluationFiles.url("\(path).jsonl"))
        // Every language has at least 100 labelled utterances across its two sets.
        #expect(labelled.count >= (language == "en" ? (set == "dev" ? 400 : 100) : (set == "dev" ? 40 : 55)))
        let report = Evaluator(understander: understander, defaultLanguage: language).evaluate(labelled)
        #expect(report.intentAccuracy >= limits.intentAccuracy, "\(report.summary())")
        #expect(report.exactFrameAccuracy >= limits.exactFrameAccuracy, "\(report.summary())")
    }

    /// Every word of a message arrives: each language's held-out message set against its limit.
    @Test(arguments: ["en", "fr", "de", "it", "ja", "zh"])
    func messageSetMeetsItsThreshold(_ language: String) throws {
        let data = try Data(contentsOf: EvaluationFiles.url("thresholds.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let limit = try #require((object["messages"] as? [String: Double])?[language])
        let (understander, _) = try Self.understander("heldout")
        let labelled = try Evaluator.load(EvaluationFiles.url("\(language)/messages-heldout.jsonl"))
        #expect(labelled.count >= 80)
        let report = Evaluator(understander: understander, defaultLanguage: language).evaluate(labelled)
        let content = try #require(report.freeText.first { $0.property == "content" })
        #expect(content.exact >= limit, "\(report.summary())")
    }

    @Test("numbers of any size in a request never stop the assistant (found by fuzzing)", arguments: [
        ("zh", "aAanda@ VATc,a 1e1\u{32CB}A"), ("zh", "99999999999999999999月3日"), ("zh", "1月99999999999999999999日"),
        ("en", "show messages from 99999999999999999999 days ago"), ("en", "photos from the past 1e30 weeks"),
        ("de", "Nachrichten von vor 99999999999999999999 Tagen"), ("fr", "messages d'il y a 99999999999999999999 jours"),
        ("it", "messaggi di 99999999999999999999 giorni fa"),
    ])
    func hugeNumbers(language: String, text: String) throws {
        let (understander, _) = try Self.understander("dev")
        let understood = try understander.understand(text, language: language)
        #expect(understood.text == text)
    }

    @Test("a request clearly in another supported language is understood in it; names alone change nothing")
    func languageIdentification() throws {
        let (understander, _) = try Self.understander("dev")
        let french = try understander.understand("envoie un message à Bobo sur Chatterly pour lui dire à demain",
                                                 language: "en")
        #expect(french.language == "fr")
        #expect(french.intent == "INSendMessageIntent")
        #expect(french.parameters["content"] == .string("à demain"))
        let english = try understander.understand("send a message to Bobo on Chatterly", language: "fr")
        #expect(english.language == "en")
        let names = try understander.understand("Chatterly Bobo", language: "fr")
        #expect(names.language == "fr")
        let amount = try understander.understand("paie Bobo cent euros", language: "fr")
        #expect(amount.parameters["currencyAmount"] == .object(["amount": .number(100), "currencyCode": .string("EUR")]))
        let compound = try understander.understand("paie Bobo quatre-vingt-deux euros", language: "fr")
        #expect(compound.parameters["currencyAmount"] == .object(["amount": .number(82), "currencyCode": .string("EUR")]))
    }

    @Test func parametersInTheSDKsJSONForm() throws {
        let (understander, _) = try Self.understander("dev")
        let message = try understander.understand("Chatterly Bobo send more bananas")
        #expect(message.app == "org.example.chatterly")
        #expect(message.intent == "INSendMessageIntent")
        #expect(message.parameters["recipients"] == .array([.object(["displayName": .string("Bobo")])]))
        #expect(message.parameters["content"] == .string("send more bananas"))

        let ride = try understander.understand("book a Hopp XL from the hotel to the stadium for 3 people")
        #expect(ride.parameters["rideOptionName"] == .object(["spokenPhrase": .string("Hopp XL"),
                                                              "vocabularyIdentifier": .string("hopp-xl")]))
        #expect(ride.parameters["pickupLocation"] == .object(["name": .string("the hotel")]))
        #expect(ride.parameters["dropOffLocation"] == .object(["name": .string("the stadium")]))
        #expect(ride.parameters["partySize"] == .number(3))

        let workout = try understander.understand("start a tempo run for 5 miles")
        #expect(workout.parameters["workoutName"] == .object(["spokenPhrase": .string("Tempo Run"),
                                                              "vocabularyIdentifier": .string("tempo")]))
        #expect(workout.parameters["goalValue"] == .number(5))
        #expect(workout.parameters["workoutGoalUnitType"] == .string("mile"))

        // The understood parameters decode as the SDK's intent.
        let data = try JSONEncoder().encode(["intent": JSONValue.string(message.intent ?? ""),
                                             "identifier": .string("parse-1"), "parameters": .object(message.parameters)])
        let intent = try #require(try IntentJSON.decodeIntent(from: data) as? INSendMessageIntent)
        #expect(intent.recipients?.first?.displayName == "Bobo")
        #expect(intent.content == "send more bananas")
    }

    @Test(arguments: [
        ("pay Bobo $15.50", 15.5, "USD"), ("pay Bobo twenty five pounds", 25, "GBP"), ("pay Bobo 30 euros", 30, "EUR"),
        ("pay Bobo a hundred bucks", 100, "USD"), ("pay Bobo 12 dollars and 50 cents", 12.5, "USD"),
        ("pay Bobo €1,200", 1200, "EUR"), ("pay Bobo 1000 yen", 1000, "JPY"), ("pay Bobo 20", 20, "USD"),
        ("pay Bobo one hundred and five dollars", 105, "USD"), ("pay Bobo two point five euros", 2.5, "EUR"),
    ])
    func amountsOfMoney(_ text: String, _ amount: Double, _ currency: String) throws {
        let (understander, _) = try Self.understander("dev")
        let result = try understander.understand(text)
        #expect(result.intent == "INSendPaymentIntent")
        #expect(result.parameters["currencyAmount"] == .object(["amount": .number(amount), "currencyCode": .string(currency)]))
    }

    @Test(arguments: [
        ("start a run for 5 km", 5000, "meter"), ("start a run for half an hour", 0.5, "hour"),
        ("start a walk to burn 300 calories", 300, "kiloCalorie"), ("start a swim for 45 minutes", 45, "minute"),
        ("start a run for an hour and a half", 1.5, "hour"),
    ])
    func workoutGoals(_ text: String, _ value: Double, _ unit: String) throws {
        let (understander, _) = try Self.understander("dev")
        let result = try understander.understand(text)
        #expect(result.parameters["goalValue"] == .number(value))
        #expect(result.parameters["workoutGoalUnitType"] == .string(unit))
    }

    @Test(arguments: [
        ("show photos from yesterday", [2026, 11, 20], [2026, 11, 20]),
        ("show photos from last week", [2026, 11, 9], [2026, 11, 15]),
        ("show photos from last month", [2026, 10, 1], [2026, 10, 31]),
        ("show photos from two days ago", [2026, 11, 19], [2026, 11, 19]),
        ("show photos from March 3rd 2024", [2024, 3, 3], [2024, 3, 3]),
        ("show photos from the day before yesterday", [2026, 11, 19], [2026, 11, 19]),
        ("show photos from 2023", [2023, 1, 1], [2023, 12, 31]),
    ])
    func dates(_ text: String, _ start: [Int], _ end: [Int]) throws {
        let (understander, _) = try Self.understander("dev")
        let result = try understander.understand(text)
        func components(_ value: [Int]) -> JSONValue {
            .object(["year": .number(Double(value[0])), "month": .number(Double(value[1])), "day": .number(Double(value[2]))])
        }
        #expect(result.parameters["dateCreated"] == .object(["startDateComponents": components(start),
                                                             "endDateComponents": components(end)]))
    }

    @Test func noFalseClaims() throws {
        let (understander, _) = try Self.understander("dev")
        for text in ["what's the weather", "set an alarm for 7", "turn off the lights"] {
            let result = try understander.understand(text)
            #expect(result.intent == nil, "\(text)")
            #expect(result.app == nil, "\(text)")
        }
        let music = try understander.understand("play music on Chatterly")
        #expect(music.app == "org.example.chatterly")
        #expect(music.intent == nil)
        // Payments, but no installed app pays: no intent rather than a wrong app.
        let store = try AssistantStore.inMemory()
        _ = try store.install(try BundleLoader.load(EvaluationFiles.url("apps-dev/Chatterly.app").path).app)
        let onlyMessages = RequestUnderstander(store: store, defaultCurrency: "USD")
        let payment = try onlyMessages.understand("pay Bobo 20 dollars")
        #expect(payment.intent == nil)
        #expect(payment.app == nil)
    }

    @Test func appNamesAnywhereMisspelledAndAsAVerb() throws {
        let (understander, _) = try Self.understander("dev")
        for text in ["Chatterly tell Kiki hi", "tell Kiki hi on Chatterly", "use chatterly to tell Kiki hi",
                     "tell Kiki hi with Chatterlly", "in Chatter tell Kiki hi", "chatterly kiki hi"] {
            let result = try understander.understand(text)
            #expect(result.app == "org.example.chatterly", "\(text)")
            #expect(result.intent == "INSendMessageIntent", "\(text)")
        }
        // Two apps send messages: without a name there is no app to pick.
        #expect(try understander.understand("tell Kiki hi").app == nil)
    }

    @Test func aDeletedNameIsGoneFromTheVeryNextRequest() throws {
        let (understander, store) = try Self.understander("dev")
        let before = try understander.understand("text zoe on chatterly saying hi")
        #expect(before.parameters["recipients"] == .array([.object(["displayName": .string("Zoë")])]))
        _ = try store.replaceVocabulary(["Bobo"], type: .contactName, app: "org.example.chatterly")
        let after = try understander.understand("text zoe on chatterly saying hi")
        #expect(after.parameters["recipients"] != before.parameters["recipients"])
        _ = try store.replaceVocabulary(["Zoë"], type: .contactName, app: "org.example.chatterly")
        #expect(try understander.understand("text zoe on chatterly saying hi").parameters["recipients"]
            == before.parameters["recipients"])
    }

    @Test func oneAppsVocabularyNeverServesAnother() throws {
        let (understander, _) = try Self.understander("dev")
        // "Tempo Run" is Pacer's workout; a message to it on Chatterly is not a workout name.
        let result = try understander.understand("send a message to Lunch Laps on Chatterly")
        #expect(result.intent == "INSendMessageIntent")
        #expect(result.parameters["workoutName"] == nil)
    }

    @Test func badInputIsAClearError() throws {
        let (understander, _) = try Self.understander("dev")
        #expect(throws: UnderstandingError.self) { try understander.understand("   ") }
        #expect(throws: UnderstandingError.self) { try understander.understand(String(repeating: "a", count: 100_000)) }
        #expect(throws: UnderstandingError.self) { try understander.understand("hallo", language: "xx") }
    }
}

extension UnderstandingTests {
/// Requests at the edges: odd dates, odd amounts, quotes, answers said out of context.
@Suite(.computesAtLength) struct EdgeTests {
    @Test func edgesOfDatesAmountsAndPlaces() throws {
        let (understander, _) = try UnderstandingTests.understander("dev")
        let may = try understander.understand("show photos from May")
        #expect(may.parameters["dateCreated"] != nil)
        #expect(may.parameters["locationCreated"] == nil)
        #expect(try understander.understand("show photos from February 30th").parameters["dateCreated"] == nil)
        let negative = try understander.understand("pay Bobo -5 dollars")
        #expect(negative.parameters["currencyAmount"] == nil, "a negative amount is refused, not passed on")
        #expect(negative.refusedValues.map(\.reason) == [.notPositive])
        let late = try understander.understand("take me to the airport at 25:00")
        #expect(late.parameters["partySize"] == nil)
        #expect(late.parameters["pickupLocation"] == nil)
        let quoted = try understander.understand("text Bobo \"hi there\" on Chatterly")
        #expect(quoted.parameters["recipients"] == .array([.object(["displayName": .string("Bobo")])]))
        #expect(quoted.parameters["content"] == .string("hi there"))
    }

    /// What is in quotation marks is the whole message, however the sentence around it is put, and no other value.
    @Test(arguments: [
        ("ja", "ChatterlyでKikiに「今夜7時半に会おう」ってメッセージを送信しておいて", "今夜7時半に会おう"),
        ("ja", "Kikiに「Bobo によろしく」と伝えといて", "Bobo によろしく"),
        ("ja", "Chatterlyで田中さんに「はい」って送信して", "はい"),
        ("zh", "用Chatterly给Kiki发“明天的午饭改到中午可以吗？”这条消息", "明天的午饭改到中午可以吗？"),
    ])
    func aQuotedMessageIsEverythingBetweenTheMarks(_ language: String, _ text: String, _ content: String) throws {
        let result = try AnswerTests.shared.get().understand(text, language: language)
        #expect(result.intent == "INSendMessageIntent")
        #expect(result.parameters["content"] == .string(content), "\(result.parameters)")
        #expect(result.parameters["recipients"]?.arrayValue?.count == 1, "\(result.parameters)")
    }

    /// The word that says a group is a group is neither the group's name nor the message's first word.
    @Test(arguments: [
        ("zh", "在Chatterly上告诉Banana Club群我们周四见", "我们周四见"),
        ("en", "tell the Banana Club group chat on Chatterly that we meet on Thursday", "we meet on Thursday"),
    ])
    func aGroupWordIsNoPartOfTheMessage(_ language: String, _ text: String, _ content: String) throws {
        let result = try AnswerTests.shared.get().understand(text, language: language)
        #expect(result.parameters["speakableGroupName"]?.objectValue?["spokenPhrase"] == .string("Banana Club"),
                "\(result.parameters)")
        #expect(result.parameters["content"] == .string(content), "\(result.parameters)")
    }

    @Test func aParticleIsNoPartOfANameAndAYearNoPartOfALatinOne() throws {
        let particle = try AnswerTests.shared.get().understand("Chatterlyで田中さんに「はい」って送って", language: "ja")
        #expect(particle.parameters["recipients"] == .array([.object(["displayName": .string("田中さん")])]))
        let year = try AnswerTests.shared.get().understand("告诉Kiki2027新年快乐🎆", language: "zh")
        #expect(year.parameters["recipients"] == .array([.object(["displayName": .string("Kiki")])]), "\(year.parameters)")
        #expect(year.parameters["content"] == .string("2027新年快乐🎆"))
    }

    /// A colon or comma after a name ends it, even when the message begins with a capital; the full stop of
    /// "Dr." does not.
    @Test(arguments: [
        ("message Mei: Ich komme später", "Mei", "Ich komme später"),
        ("text Dr. Okafor: Bring The Keys", "Dr. Okafor", "Bring The Keys"),
    ])
    func punctuationEndsAName(_ text: String, _ name: String, _ content: String) throws {
        let result = try AnswerTests.shared.get().understand(text, language: "en")
        #expect(result.parameters["recipients"] == .array([.object(["displayName": .string(name)])]), "\(result.parameters)")
        #expect(result.parameters["content"] == .string(content), "\(result.parameters)")
    }

    /// A capitalized pronoun of any of the languages begins a message in that language after a name no
    /// vocabulary knows (`@words name-breaks`); an article inside a name does not end it.
    @Test(arguments: [
        ("en", "tell Priya Je suis en retard", "Priya", "Je suis en retard"),
        ("en", "text Anne Le Roux see you at noon", "Anne Le Roux", "see you at noon"),
        ("de", "schreib Tom We are late", "Tom", "We are late"),
        ("it", "scrivi a Paolo Ich bin gleich da", "Paolo", "Ich bin gleich da"),
    ])
    func aForeignPronounBeginsTheMessage(_ language: String, _ text: String, _ name: String, _ content: String) throws {
        let result = try AnswerTests.shared.get().understand(text, language: language)
        #expect(result.parameters["recipients"] == .array([.object(["displayName": .string(name)])]), "\(result.parameters)")
        #expect(result.parameters["content"] == .string(content), "\(result.parameters)")
    }

    @Test(arguments: ["cancel", "yes", "never mind", "the second one", "and and and"])
    func conversationWordsAloneAreNoRequest(_ text: String) throws {
        let (understander, _) = try UnderstandingTests.understander("dev")
        #expect(try understander.understand(text).intent == nil)
    }
}
}

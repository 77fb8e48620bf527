import Foundation
import ParlanceUnderstanding
import TestSupport
import Testing

extension UnderstandingTests {
/// Answers to the assistant's questions, understood in context.
@Suite struct AnswerTests {
    /// One understander for every case: it trains each language's model once, not once per case (training
    /// is CPU-bound and would starve the timing-sensitive hosting tests running alongside).
    static var shared: Result<RequestUnderstander, any Error> {
        DedicatedTestExecutor.expectCurrentThread(for: "the shared understander (it trains a model per language)")
        return trainedOnce
    }
    private static let trainedOnce = Result { try UnderstandingTests.understander("dev").0 }

    static let recipients = ParameterReference(intent: "INSendMessageIntent", parameter: "recipients",
                                               app: "org.example.chatterly")

    @Test(arguments: ["yes", "Yes!", "yeah", "sure", "ok", "go ahead", "yes please", "do it", "absolutely", "that's right"])
    func yes(_ text: String) throws {
        let understander = try Self.shared.get()
        #expect(try understander.understandAnswer(text, to: .confirmation()) == .yes)
    }

    /// What people say before an answer, to the assistant or to think, is no part of it.
    @Test(arguments: [("uh, yes", Answer.yes), ("ok google, no", .no), ("hmm yes please", .yes), ("alexa no", .no)])
    func anOpeningBeforeAnAnswer(_ text: String, _ expected: Answer) throws {
        let understander = try Self.shared.get()
        #expect(try understander.understandAnswer(text, to: .confirmation()) == expected)
    }

    @Test(arguments: ["no", "nope", "No.", "no thanks", "don't", "nah"])
    func no(_ text: String) throws {
        let understander = try Self.shared.get()
        #expect(try understander.understandAnswer(text, to: .confirmation()) == .no)
    }

    @Test(arguments: ["cancel", "never mind", "Stop.", "forget it", "nevermind please"])
    func cancel(_ text: String) throws {
        let understander = try Self.shared.get()
        #expect(try understander.understandAnswer(text, to: .confirmation()) == .cancel)
        #expect(try understander.understandAnswer(text, to: .choice(["Bobo", "Kiki"])) == .cancel)
        #expect(try understander.understandAnswer(text, to: .value(Self.recipients)) == .cancel)
    }

    @Test(arguments: [("the second one", 1), ("second", 1), ("2nd", 1), ("number 3", 2), ("3", 2), ("the last one", 2),
                      ("the first", 0), ("Bobo the Great", 1), ("little bobo", 2), ("bobo the grate", 1),
                      ("I'll take Little Bobo please", 2)])
    func choices(_ text: String, _ index: Int) throws {
        let understander = try Self.shared.get()
        let answer = try understander.understandAnswer(text, to: .choice(["Bobo", "Bobo the Great", "Little Bobo"]))
        #expect(answer == .choice(index))
    }

    @Test(arguments: [("fr", "le deuxième", 1), ("fr", "le dernier", 2), ("fr", "numéro 1", 0), ("fr", "je prends le troisième", 2),
                      ("de", "die zweite", 1), ("de", "den letzten bitte", 2), ("de", "Nummer 3", 2),
                      ("it", "il secondo", 1), ("it", "l'ultimo", 2), ("it", "prendo il primo", 0),
                      ("zh", "第二个", 1), ("zh", "最后一个", 2), ("zh", "我要第三个", 2), ("zh", "第一", 0), ("zh", "二", 1),
                      ("ja", "二番目", 1), ("ja", "最後の", 2), ("ja", "一つ目", 0), ("ja", "3番目でお願いします", 2)])
    func choicesInEachLanguage(_ language: String, _ text: String, _ index: Int) throws {
        let understander = try Self.shared.get()
        let answer = try understander.understandAnswer(text, to: .choice(["Bobo", "Bobo the Great", "Little Bobo"]),
                                                       language: language)
        #expect(answer == .choice(index), "\(language): \(text)")
    }

    @Test(arguments: [("zh", "给Kofi转一百二十元", 120.0), ("zh", "给Kofi转两万三千元", 23_000), ("zh", "给Kofi转一百零五元", 105),
                      ("ja", "Kikiに千円払って", 1000), ("ja", "Kikiに二千五百円払って", 2500), ("ja", "Kikiに三万円払って", 30_000),
                      ("ja", "Kikiに一〇〇円払って", 100), ("zh", "给Kofi转二〇〇元", 200), ("zh", "给Kofi转万万元", 10_000)])
    func ideographicAmounts(_ language: String, _ text: String, _ amount: Double) throws {
        let understander = try Self.shared.get()
        let request = try understander.understand(text, language: language)
        #expect(request.parameters["currencyAmount"]?.objectValue?["amount"] == .number(amount), "\(text)")
    }

    @Test(arguments: [("zh", "二〇二五年的照片"), ("ja", "二〇二五年の写真を見せて"), ("zh", "2025年的照片")])
    func yearsWrittenInCharacters(_ language: String, _ text: String) throws {
        let understander = try Self.shared.get()
        let request = try understander.understand(text, language: language)
        let start = request.parameters["dateCreated"]?.objectValue?["startDateComponents"]?.objectValue
        #expect(start?["year"] == .number(2025), "\(text)")
    }

    @Test func choiceAnswersThatPickNothing() throws {
        let understander = try Self.shared.get()
        let options = ["Bobo", "Bobo the Great"]
        #expect(try understander.understandAnswer("none of them", to: .choice(options)) == .no)
        #expect(try understander.understandAnswer("the fifth one", to: .choice(options)) == .unclear)
        #expect(try understander.understandAnswer("purple", to: .choice(options)) == .unclear)
    }

    @Test(arguments: [("Bobo", "Bobo"), ("my best pal Bobo", "Bobo"), ("it's Zoë", "Zoë"), ("zoe", "Zoë"),
                      ("my friend Gwendolyn", "Gwendolyn"), ("to Tamsin O'Hara", "Tamsin O'Hara")])
    func aName(_ text: String, _ name: String) throws {
        let understander = try Self.shared.get()
        let answer = try understander.understandAnswer(text, to: .value(Self.recipients))
        #expect(answer == .values(["recipients": .array([.object(["displayName": .string(name)])])]))
    }

    @Test func valuesOfOtherKinds() throws {
        let understander = try Self.shared.get()
        let amount = ParameterReference(intent: "INSendPaymentIntent", parameter: "currencyAmount", app: "org.example.coinly")
        #expect(try understander.understandAnswer("20 euros", to: .value(amount))
            == .values(["currencyAmount": .object(["amount": .number(20), "currencyCode": .string("EUR")])]))
        let party = ParameterReference(intent: "INRequestRideIntent", parameter: "partySize", app: "org.example.hopp")
        #expect(try understander.understandAnswer("three", to: .value(party)) == .values(["partySize": .number(3)]))
        let goal = ParameterReference(intent: "INStartWorkoutIntent", parameter: "goalValue", app: "org.example.pacer")
        #expect(try understander.understandAnswer("5 miles", to: .value(goal))
            == .values(["goalValue": .number(5), "workoutGoalUnitType": .string("mile")]))
        let content = ParameterReference(intent: "INSendMessageIntent", parameter: "content", app: "org.example.chatterly")
        // Free text stays the message even when it sounds like a request.
        #expect(try understander.understandAnswer("call me when you land", to: .value(content))
            == .values(["content": .string("call me when you land")]))
    }

    @Test("a message's words that read as the same request carrying only those words are the message; naming someone else is checked")
    func messageWordsThatReadAsTheSameRequest() throws {
        let understander = try Self.shared.get()
        let content = ParameterReference(intent: "INSendMessageIntent", parameter: "content", app: "org.example.chatterly")
        let sameRequest = "message saying bring bananas"
        let reading = try understander.understand(sameRequest, language: "en")
        #expect(reading.intent == "INSendMessageIntent" && Set(reading.parameters.keys) == ["content"], "\(reading)")
        // Kept word for word (the read-back before sending shows it).
        #expect(try understander.understandAnswer(sameRequest, to: .value(content), language: "en")
            == .values(["content": .string(sameRequest)]))
        let otherPerson = try understander.understandAnswer("tell Bobo on Chatterly that I am late", to: .value(content),
                                                            language: "en")
        guard case .ambiguousValue(let values, .newRequest(let request)) = otherPerson else {
            Issue.record("expected a check between the words and a new request, got \(otherPerson)")
            return
        }
        #expect(values == ["content": .string("tell Bobo on Chatterly that I am late")])
        #expect(request.intent == "INSendMessageIntent")
    }

    @Test func aNewValueInsteadOfYes() throws {
        let understander = try Self.shared.get()
        let answer = try understander.understandAnswer("no, Kiki", to: .confirmation(parameter: Self.recipients))
        #expect(answer == .values(["recipients": .array([.object(["displayName": .string("Kiki")])])]))
    }

    @Test func aNewRequestInTheMiddle() throws {
        let understander = try Self.shared.get()
        let answer = try understander.understandAnswer("actually get me a ride to the airport", to: .value(Self.recipients))
        guard case .newRequest(let request) = answer else {
            Issue.record("expected a new request, got \(answer)")
            return
        }
        #expect(request.intent == "INRequestRideIntent")
    }
}
}

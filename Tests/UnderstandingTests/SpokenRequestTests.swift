import Foundation
import ParlanceCore
import Testing
@testable import ParlanceUnderstanding

// Nested in `UnderstandingTests`: its cases train models, which must not hold the cooperative pool.
extension UnderstandingTests {
    /// Requests as new users say them and speech recognisers write them: in lower case, without
    /// punctuation, to people nobody taught the assistant, after a preamble, with the ride words
    /// everyone uses. None of these names is in the evaluation vocabulary.
    @Suite struct SpokenRequestTests {
        /// A request, its language, and the one person it names with the message it carries (nil: none).
        struct Message: Sendable, CustomTestStringConvertible {
            var text: String
            var language: String
            var person: String
            var content: String?
            var testDescription: String { "\(language): \(text)" }
        }

        static func person(_ name: String) -> JSONValue { .array([.object(["displayName": .string(name)])]) }

        @Test("a name in lower case after a message verb is the recipient, and the rest is the message", arguments: [
            Message(text: "text john i'm late", language: "en", person: "john", content: "i'm late"),
            Message(text: "please text john", language: "en", person: "john", content: nil),
            Message(text: "tell jim i'm coming home soon", language: "en", person: "jim", content: "i'm coming home soon"),
            Message(text: "message sarah can you pick up milk", language: "en", person: "sarah", content: "can you pick up milk"),
            Message(text: "text john if you can call me", language: "en", person: "john", content: "if you can call me"),
            Message(text: "schreib anna ich komme später", language: "de", person: "anna", content: "ich komme später"),
            Message(text: "sag jonas dass ich später komme", language: "de", person: "jonas", content: "ich später komme"),
            Message(text: "bitte schreib eine nachricht an lena", language: "de", person: "lena", content: nil),
            Message(text: "écris à marie j'arrive", language: "fr", person: "marie", content: "j'arrive"),
            Message(text: "dis à paul que je suis en retard", language: "fr", person: "paul", content: "je suis en retard"),
            Message(text: "écris à léa", language: "fr", person: "léa", content: nil),
            Message(text: "scrivi a marco arrivo tra poco", language: "it", person: "marco", content: "arrivo tra poco"),
            Message(text: "di' a luca che sono in ritardo", language: "it", person: "luca", content: "sono in ritardo"),
            Message(text: "scrivi a giulia", language: "it", person: "giulia", content: nil),
        ])
        func lowerCaseRecipient(_ request: Message) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let understood = try understander.understand(request.text, language: request.language)
            #expect(understood.intent == "INSendMessageIntent")
            #expect(understood.parameters["recipients"] == Self.person(request.person))
            #expect(understood.parameters["content"] == request.content.map(JSONValue.string))
            #expect(!understood.candidateApps.isEmpty)
        }

        @Test("a name in lower case after a call verb is whom to call", arguments: [
            ("en", "call alexa", "alexa"), ("en", "ring mom", "mom"), ("en", "call john smith", "john smith"),
            ("de", "ruf peter an", "peter"), ("fr", "appelle marie", "marie"), ("it", "chiama giulia", "giulia"),
        ])
        func lowerCaseContact(language: String, text: String, name: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let understood = try understander.understand(text, language: language)
            #expect(understood.intent == "INStartCallIntent")
            #expect(understood.parameters["contacts"] == Self.person(name))
        }

        @Test("cab, taxi, uber and lyft are rides whatever ride apps are installed", arguments: [
            ("en", "order me a cab"), ("en", "call me a taxi"), ("en", "can you book an uber tomorrow"), ("en", "get me an uber"),
            ("en", "hail a lyft"), ("en", "olly book me a taxi"),
            ("de", "bestell mir ein taxi"), ("de", "ruf mir einen uber"), ("fr", "commande-moi un taxi"),
            ("fr", "réserve un uber demain"), ("it", "chiamami un taxi"), ("it", "prenota un uber domani"),
            ("ja", "タクシーを呼んで"), ("zh", "帮我叫个车"),
        ])
        func rideWords(language: String, text: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let understood = try understander.understand(text, language: language)
            #expect(understood.intent == "INRequestRideIntent")
            #expect(understood.candidateApps == ["org.example.hopp"])
        }

        @Test("a word nearly only rides use outweighs an out-of-scope marker, and only then", arguments: [
            ("en", "reserve a taxi for tomorrow at noon", "INRequestRideIntent"), ("en", "flag down a taxi for me", "INRequestRideIntent"),
            ("en", "reserve a table for two tonight", nil), ("en", "turn the volume down", nil), ("en", "i don't need the lights", nil),
        ])
        func strongCue(language: String, text: String, intent: String?) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            #expect(try understander.understand(text, language: language).intent == intent)
        }

        @Test("a preamble is no part of the message", arguments: [
            ("en", "Could you do me a favor and launch the Chatterly app to send a text with the message send more bananas",
             "send more bananas"),
            ("de", "kannst du mir einen Gefallen tun und schreib Lena mit Chatterly: bis gleich", "bis gleich"),
            ("fr", "tu peux me rendre un service et écris à Léa sur Chatterly : à ce soir", "à ce soir"),
            ("it", "fammi un favore e scrivi a Sara su Chatterly: arrivo", "arrivo"),
        ])
        func preamble(language: String, text: String, content: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let understood = try understander.understand(text, language: language)
            #expect(understood.intent == "INSendMessageIntent")
            #expect(understood.app == "org.example.chatterly")
            #expect(understood.parameters["content"] == .string(content))
        }

        @Test("an amount where a note could be is the amount, as speech writes it or not; a real note stays", arguments: [
            ("ask Tom for $50 with Coinly", 50.0, nil),
            ("Ask Dad for 45 dollars with Coinly.", 45.0, nil),
            ("ask Tom for 45 dollars for the tickets with Coinly", 45.0, "the tickets"),
        ] as [(String, Double, String?)])
        func amountNotNote(text: String, amount: Double, note: String?) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let understood = try understander.understand(text, language: "en")
            #expect(understood.intent == "INRequestPaymentIntent")
            #expect(understood.parameters["currencyAmount"]?.objectValue?["amount"] == .number(amount))
            #expect(understood.parameters["note"] == note.map(JSONValue.string))
        }

        @Test("a template's own words after a value stay out of it, capitalised as speech recognisers write them", arguments: [
            ("Start a Cycling Workout.", "cycling"), ("Start a Rowing Workout with Pacer", "rowing"),
        ])
        func capitalisedTemplateWords(text: String, workout: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let understood = try understander.understand(text, language: "en")
            #expect(understood.intent == "INStartWorkoutIntent")
            #expect(understood.parameters["workoutName"]?.objectValue?["spokenPhrase"]?.stringValue?.lowercased() == workout)
        }

        @Test("a name suffix ends the name before it: one person, not two", arguments: [
            ("call Bobo Jr. with Ringo", "contacts"), ("text Bobo Jr. on Chatterly that I am late", "recipients"),
        ])
        func nameSuffix(text: String, property: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let understood = try understander.understand(text, language: "en")
            let people = understood.parameters[property]?.arrayValue ?? []
            #expect(people.count == 1, "\(people)")
            #expect(people.first?.objectValue?["displayName"]?.stringValue?.hasPrefix("Bobo Jr") == true, "\(people)")
        }

        @Test("function words alone, in lower case, name nobody, even beside no other name")
        func functionWordsAloneNameNobody() {
            let segments = "sag der gruppe knitting dass wir kommen".split(separator: " ").enumerated().map { index, word in
                Segment(tokens: index..<(index + 1), kind: .word, key: String(word), isCapitalized: false)
            }
            let labels = ["O", "B-recipients", "O", "B-speakableGroupName", "O", "B-content", "I-content"]
            let kept = RequestUnderstander.withoutWordOnlyPeople(labels, segments: segments, edgeWords: ["der", "dass", "sag"],
                                                                 functionWords: ["der", "dass"])
            #expect(kept == ["O", "O", "O", "B-speakableGroupName", "O", "B-content", "I-content"])
            // A name written with a capital stays, whatever its words.
            var named = segments
            named[1].isCapitalized = true
            #expect(RequestUnderstander.withoutWordOnlyPeople(labels, segments: named, edgeWords: ["der", "dass", "sag"],
                                                              functionWords: ["der", "dass"]) == labels)
        }

        @Test("words that start a message, or belong to the request, are no name", arguments: [
            ("en", "ask if they deliver"), ("en", "tell me a joke"), ("en", "let me know about upcoming events"),
            ("de", "sag mir einen Witz"), ("fr", "dis-moi une blague"),
        ])
        func noLowerCaseName(language: String, text: String) throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let understood = try understander.understand(text, language: language)
            for property in ["recipients", "contacts"] {
                let names = understood.parameters[property].flatMap { value -> [JSONValue]? in
                    if case .array(let items) = value { return items }
                    return nil
                } ?? []
                #expect(!names.contains { $0 == .object(["displayName": .string("if")]) || $0 == .object(["displayName": .string("me")]) },
                        "\(understood.parameters)")
            }
            #expect(understood.intent != "INSendMessageIntent" || understood.parameters["recipients"] == nil)
        }
    }
}

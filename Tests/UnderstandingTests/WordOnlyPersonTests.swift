import Foundation
import ParlanceCore
import Testing
@testable import ParlanceUnderstanding

// Nested in `UnderstandingTests`: two of its cases train models, which must not hold the cooperative pool.
extension UnderstandingTests {
    /// A list of people holds names, not the request's own words: "Greta needs to hear this via Chatterly"
    /// sends to Greta, not to Greta and "this".
    @Suite struct WordOnlyPersonTests {
        static func words(_ text: String) -> [Segment] {
            text.split(separator: " ").enumerated().map { index, word in
                Segment(tokens: index..<(index + 1), kind: .word, key: String(word), isCapitalized: false)
            }
        }

        static let edgeWords: Set<String> = ["this", "get", "to", "on", "needs", "hear", "via", "i", "want", "will", "and"]
        static let functionWords: Set<String> = ["this", "to", "on", "i", "and"]

        @Test func aPersonOfRequestWordsBesideARealNameGoes() {
            let segments = Self.words("greta needs to hear this via chatterly")
            let labels = ["B-recipients", "O", "O", "O", "B-recipients", "O", "O"]
            #expect(RequestUnderstander.withoutWordOnlyPeople(labels, segments: segments, edgeWords: Self.edgeWords, functionWords: Self.functionWords)
                    == ["B-recipients", "O", "O", "O", "O", "O", "O"])
            let wanting = Self.words("i want quinn to get this on natter")
            let tagged = ["O", "O", "B-recipients", "O", "B-recipients", "I-recipients", "O", "O"]
            #expect(RequestUnderstander.withoutWordOnlyPeople(tagged, segments: wanting, edgeWords: Self.edgeWords, functionWords: Self.functionWords)
                    == ["O", "O", "B-recipients", "O", "O", "O", "O", "O"])
        }

        /// Lower-case words that end with a function word name nobody ("hear this"), even when the request's words
        /// around them are no template's; a relation, which begins with one ("my wife"), stays.
        @Test func aPersonEndingInAFunctionWordGoes() {
            let segments = Self.words("greta must hear this now on chatterly")
            let labels = ["B-recipients", "O", "B-recipients", "I-recipients", "O", "O", "O"]
            #expect(RequestUnderstander.withoutWordOnlyPeople(labels, segments: segments, edgeWords: [], functionWords: Self.functionWords)
                    == ["B-recipients", "O", "O", "O", "O", "O", "O"])
            let relation = Self.words("greta and my wife")
            let family = ["B-recipients", "O", "B-recipients", "I-recipients"]
            #expect(RequestUnderstander.withoutWordOnlyPeople(family, segments: relation, edgeWords: [],
                                                              functionWords: Self.functionWords.union(["my"])) == family)
        }

        /// Found in review: "send a message to Bobo and Will" lost Will ("will" is a word of the templates).
        @Test func aNameThatIsAlsoARequestWordStays() {
            let written = Self.words("bobo and will")
            let labels = ["B-recipients", "O", "B-recipients"]
            // As speech writes it: no function word in "will".
            #expect(RequestUnderstander.withoutWordOnlyPeople(labels, segments: written, edgeWords: Self.edgeWords,
                                                              functionWords: Self.functionWords) == labels)
            // As typed, with a capital: kept even if it were a function word.
            var typed = Self.words("bobo and this")
            typed[2].isCapitalized = true
            #expect(RequestUnderstander.withoutWordOnlyPeople(labels, segments: typed, edgeWords: Self.edgeWords,
                                                              functionWords: Self.functionWords) == labels)
        }

        @Test func theOnlyPersonStaysWhateverItsWords() {
            // "text Will that …": nothing says which name was meant, so the conversation keeps it and the app resolves it.
            let segments = Self.words("get this to mum")
            let labels = ["B-recipients", "I-recipients", "O", "O"]
            #expect(RequestUnderstander.withoutWordOnlyPeople(labels, segments: segments, edgeWords: Self.edgeWords, functionWords: Self.functionWords) == labels)
        }

        @Test func aGivenNameAndOtherPropertiesAreLeftAlone() {
            // A contact the user gave is a vocabulary phrase, whatever its words.
            var segments = Self.words("greta and this")
            segments[2].kind = .vocabulary([])
            let labels = ["B-recipients", "O", "B-recipients"]
            #expect(RequestUnderstander.withoutWordOnlyPeople(labels, segments: segments, edgeWords: Self.edgeWords, functionWords: Self.functionWords) == labels)
            // A message may be any words; a payee is one person, not a list.
            let message = Self.words("greta this to")
            let other = ["B-recipients", "B-content", "I-content"]
            #expect(RequestUnderstander.withoutWordOnlyPeople(other, segments: message, edgeWords: Self.edgeWords, functionWords: Self.functionWords) == other)
        }

        @Test(arguments: [("send a message to Bobo and Will on Chatterly saying hi", ["Bobo", "Will"]),
                          ("text Kiki and Mark on Chatterly that dinner is ready", ["Kiki", "Mark"])])
        func namesThatAreAlsoWordsStayThroughTheUnderstander(_ text: String, _ people: [String]) throws {
            let result = try AnswerTests.shared.get().understand(text, language: "en")
            #expect(result.parameters["recipients"] == .array(people.map { .object(["displayName": .string($0)]) }),
                    "\(result.parameters)")
        }

        /// Found side by side with hassil: the learned tagger took "this" for a second recipient.
        @Test func throughTheUnderstander() throws {
            let result = try AnswerTests.shared.get()
                .understand("Kiki needs to hear this via Chatterly: the train is delayed again", language: "en")
            #expect(result.intent == "INSendMessageIntent")
            #expect(result.parameters["recipients"] == .array([.object(["displayName": .string("Kiki")])]), "\(result.parameters)")
            #expect(result.parameters["content"] == .string("the train is delayed again"))
        }
    }
}

import Foundation
import Testing
@testable import ParlanceUnderstanding

/// The phrasing as a speech grammar: what the offline recogniser can hear. Checked by walking the grammar's
/// nodes, as the recogniser's automaton would, with a few values in each slot.
@Suite struct PhrasingGrammarTests {
    typealias Node = PhrasingGrammar.Node

    /// Whether `nodes` can say exactly `words` (lower case), each slot saying one of `values[kind]`.
    static func says(_ nodes: [Node], _ words: [String], values: [String: [[String]]]) -> Bool {
        ends(of: nodes, from: [0], in: words, values: values).contains(words.count)
    }

    /// Every position in `words` where `nodes`, begun at one of `starts`, can end.
    static func ends(of nodes: [Node], from starts: Set<Int>, in words: [String], values: [String: [[String]]]) -> Set<Int> {
        var positions = starts
        for node in nodes {
            var next = Set<Int>()
            for position in positions {
                switch node {
                case .words(let text):
                    let said = text.lowercased().split(separator: " ").map(String.init)
                    if position + said.count <= words.count, Array(words[position..<(position + said.count)]) == said {
                        next.insert(position + said.count)
                    }
                case .choice(let alternatives):
                    for alternative in alternatives {
                        next.formUnion(ends(of: alternative, from: [position], in: words, values: values))
                    }
                case .optional(let inner):
                    next.insert(position)
                    next.formUnion(ends(of: inner, from: [position], in: words, values: values))
                case .slot(let kind):
                    for value in values[kind] ?? [] where position + value.count <= words.count
                        && Array(words[position..<(position + value.count)]) == value {
                        next.insert(position + value.count)
                    }
                }
            }
            positions = next
        }
        return positions
    }

    /// Whether the English grammar hears `request`: an opening or none, an intent's phrase, a closing or none.
    static func englishHears(_ request: String, values: [String: [[String]]]) throws -> Bool {
        let grammar = try Phrasebooks.grammar(language: "en")
        let words = request.lowercased().split(separator: " ").map(String.init)
        var starts: Set<Int> = [0]
        for opening in grammar.openings { starts.formUnion(ends(of: opening, from: [0], in: words, values: values)) }
        for (intent, phrase) in grammar.phrases where intent != nil {
            let ended = ends(of: phrase, from: starts, in: words, values: values)
            if ended.contains(words.count) { return true }
            for closing in grammar.appSuffixes where ends(of: closing, from: ended, in: words, values: values).contains(words.count) {
                return true
            }
        }
        return false
    }

    static let values: [String: [[String]]] = [
        "app": [["monkeychat"], ["monkeyride"]], "person": [["bobo"]], "place": [["the", "airport"]],
        "content": [["send", "more", "bananas"]], "partySize": [["five"]],
    ]

    @Test func theAppNamedAfterAModifierStandsBeforeTheWordOrForIt() {
        let phrase: [Node] = [.words("get me a"), .choice([[.words("ride")], [.words("car")]]), .words("to"), .slot("place")]
        let named = Phrasebooks.namingApp(after: ["a", "my"], in: phrase)
        let values: [String: [[String]]] = ["app": [["monkeyride"]], "place": [["the", "airport"]]]
        for heard in ["get me a ride to the airport", "get me a monkeyride ride to the airport",
                      "get me a monkeyride to the airport"] {
            #expect(Self.says(named, heard.split(separator: " ").map(String.init), values: values), "\(heard)")
        }
        #expect(!Self.says(named, "get me monkeyride to the airport".split(separator: " ").map(String.init), values: values))
        // Not before a value: "start a {workoutName}" names the workout, not the app.
        let workout = Phrasebooks.namingApp(after: ["a"], in: [.words("start a"), .slot("workoutName")])
        #expect(workout == [.words("start a"), .slot("workoutName")])
        #expect(Phrasebooks.namingApp(after: [], in: phrase) == phrase)
    }

    @Test func theSeedsRequestsAreInTheEnglishGrammar() throws {
        for request in ["send a MonkeyChat message", "send a message to Bobo on MonkeyChat",
                        "MonkeyChat Bobo send more bananas",
                        "could you launch the MonkeyChat app to send a text with the message send more bananas",
                        "book a MonkeyRide to the airport for five people", "get me a MonkeyRide to the airport"] {
            #expect(try Self.englishHears(request, values: Self.values), "\(request)")
        }
        // Phrases of other domains keep their own words: no app's name after their "a".
        #expect(!(try Self.englishHears("set a MonkeyChat alarm", values: Self.values)))
    }
}

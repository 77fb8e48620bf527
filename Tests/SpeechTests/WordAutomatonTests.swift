import Foundation
@testable import ParlanceSpeech
import Testing

@Suite("A grammar as a minimal automaton (FSG)")
struct WordAutomatonTests {
    static var grammar: SpeechGrammar {
        var grammar = SpeechGrammarTests.grammar
        grammar.lists["app"] = [["monkeychat"], ["monkey", "chat"]]
        return grammar
    }

    @Test("holds exactly the grammar's sentences, openings and closings included")
    func sameSentences() {
        let grammar = Self.grammar
        let automaton = WordAutomaton(grammar: grammar)
        let expected = Self.sentences(of: grammar)
        #expect(expected.contains(["ask", "monkey", "chat", "to", "send", "message", "to", "kiki", "banana", "on", "monkeychat"]))
        #expect(Self.sentences(of: automaton) == expected)
        for sentence in expected { #expect(automaton.accepts(sentence)) }
        // Near misses: a word left out, a list's phrase cut short, a list left out, an opening alone, nothing.
        for sentence in [["send", "message", "bobo"], ["call", "kiki"], ["pay"], ["ask", "monkeychat", "to"], []] {
            #expect(!automaton.accepts(sentence), "\(sentence)")
        }
    }

    @Test("shared beginnings and endings are one path: fewer states than words said")
    func minimal() {
        let names = (0..<50).map { ["name\($0)"] }
        let grammar = SpeechGrammar(sentences: [
            [.words(["send", "a", "message", "to"]), .list("person")],
            [.words(["send", "a", "note", "to"]), .list("person")],
            [.words(["text"]), .list("person")],
        ], lists: ["person": names])
        let automaton = WordAutomaton(grammar: grammar)
        // start, send, a, message|note, to, after-the-name: the three sentences share their name and ending.
        #expect(automaton.stateCount == 6)
        #expect(automaton.accepts(["send", "a", "note", "to", "name7"]))
        #expect(automaton.accepts(["text", "name49"]))
        #expect(!automaton.accepts(["text", "a", "note"]))
    }

    @Test("a list of 2,000 names costs a few states wherever it is named, not a copy of every name")
    func longList() {
        let first = (0..<40).map { "first\($0)" }, last = (0..<50).map { "last\($0)" }
        let names = first.flatMap { given in last.map { [given, $0] } }
        let grammar = SpeechGrammar(sentences: [
            [.words(["call"]), .list("person"), .words(["now"])],
            [.words(["text"]), .list("person")],
        ], lists: ["person": names])
        let automaton = WordAutomaton(grammar: grammar)
        // The start; after "call", its first name and its last name; after "text" and its first name; the end
        // (after "now" or after text's last name: nothing may follow either).
        #expect(automaton.stateCount == 7)
        #expect(automaton.accepts(["call", "first39", "last0", "now"]))
        #expect(automaton.accepts(["text", "first0", "last49"]))
        #expect(!automaton.accepts(["text", "first0"]))
        #expect(!automaton.accepts(["call", "first1", "last1"]))
    }

    @Test("FSG text: header, one final state, every transition probability 1, the same text every time")
    func fsgText() throws {
        let automaton = WordAutomaton(grammar: Self.grammar)
        let text = automaton.fsg
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "FSG_BEGIN parlance" && lines.last == "FSG_END")
        #expect(lines[1] == "NUM_STATES \(automaton.stateCount + 1)")
        #expect(lines[2] == "START_STATE 0" && lines[3] == "FINAL_STATE \(automaton.stateCount)")
        let transitions = lines.filter { $0.hasPrefix("TRANSITION ") }.map { $0.split(separator: " ").map(String.init) }
        #expect(transitions.allSatisfy { $0[3] == "1.0" })
        let words = Set(transitions.compactMap { $0.count == 5 ? $0[4] : nil })
        #expect(words == Self.grammar.words)
        #expect(transitions.contains { $0.count == 4 && $0[2] == "\(automaton.stateCount)" }, "accepting states reach the final one")
        #expect(WordAutomaton(grammar: Self.grammar).fsg == text)
    }

    @Test("an empty grammar or only unsayable sentences give an automaton that accepts nothing")
    func nothingToSay() {
        let empty = WordAutomaton(grammar: SpeechGrammar())
        #expect(!empty.accepts([]))
        #expect(Self.sentences(of: empty).isEmpty)
        let unsayable = WordAutomaton(grammar: SpeechGrammar(sentences: [[.words(["pay"]), .list("missing")]]))
        #expect(Self.sentences(of: unsayable).isEmpty)
        #expect(unsayable.fsg.contains("NUM_STATES"))
    }

    // MARK: Helpers

    /// Every sentence of a finite grammar, by expanding it.
    static func sentences(of grammar: SpeechGrammar) -> Set<[String]> {
        func expand(_ nodes: [SpeechGrammar.Node]) -> [[String]] {
            var results: [[String]] = [[]]
            for node in nodes {
                let parts: [[String]]
                switch node {
                case .words(let words): parts = [words]
                case .choice(let alternatives): parts = alternatives.flatMap(expand)
                case .optional(let inner): parts = [[]] + expand(inner)
                case .list(let name): parts = grammar.lists[name] ?? []
                }
                results = results.flatMap { prefix in parts.map { prefix + $0 } }
            }
            return results
        }
        let openings = [[]] + grammar.openings.flatMap(expand)
        let closings = [[]] + grammar.closings.flatMap(expand)
        let middles = grammar.sentences.flatMap(expand).filter { !$0.isEmpty }
        return Set(openings.flatMap { opening in middles.flatMap { middle in closings.map { opening + middle + $0 } } })
    }

    /// Every sentence an (acyclic) automaton accepts.
    static func sentences(of automaton: WordAutomaton) -> Set<[String]> {
        var found = Set<[String]>()
        func walk(_ state: Int, _ said: [String]) {
            if automaton.accepting[state] { found.insert(said) }
            for edge in automaton.transitions[state] { walk(edge.target, said + [automaton.words[edge.word]]) }
        }
        if automaton.stateCount > 0 { walk(0, []) }
        return found
    }
}

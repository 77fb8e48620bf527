/// A grammar as the smallest deterministic automaton over its words, written in pocketsphinx's finite-state
/// grammar format (FSG). pocketsphinx's own reading of JSGF copies a list's phrases wherever the list is named
/// and links the parts with empty transitions; its search then works per state of that graph at every frame of
/// audio. The same sentences as a minimal automaton have about a third of the states (shared beginnings are one
/// path, shared endings one path), so recognition takes about half the time and hears the same sentences.
struct WordAutomaton: Sendable, Equatable {
    /// The words, by number.
    let words: [String]
    /// Each state's transitions: (word number, next state), by word number. State 0 is the start.
    let transitions: [[Transition]]
    /// Whether a sentence may end in each state.
    let accepting: [Bool]

    struct Transition: Sendable, Equatable {
        let word: Int
        let target: Int
    }

    var stateCount: Int { transitions.count }

    /// The automaton of the sentences `grammar` can produce: its optional openings, a sentence, its optional
    /// closings. A list the grammar does not have makes the sentences naming it unsayable, as in `keeping`.
    init(grammar: SpeechGrammar) {
        var nfa = WordGraph()
        let start = nfa.state()
        let afterOpening = nfa.state()
        nfa.link(start, afterOpening)
        for opening in grammar.openings {
            nfa.link(nfa.add(opening, from: start, lists: grammar.lists), afterOpening)
        }
        let afterSentence = nfa.state()
        // As in JSGF, a sentence of nothing at all is no sentence (an optional part may still leave one empty).
        for sentence in grammar.sentences where Self.saysSomething(sentence) {
            nfa.link(nfa.add(sentence, from: afterOpening, lists: grammar.lists), afterSentence)
        }
        let end = nfa.state()
        nfa.link(afterSentence, end)
        for closing in grammar.closings {
            nfa.link(nfa.add(closing, from: afterSentence, lists: grammar.lists), end)
        }
        self = Self.minimized(Self.determinized(nfa, start: start, end: end))
    }

    private static func saysSomething(_ nodes: [SpeechGrammar.Node]) -> Bool {
        nodes.contains { node in
            switch node {
            case .words(let said): !said.isEmpty
            case .choice(let alternatives): alternatives.contains(where: saysSomething)
            case .optional(let inner): saysSomething(inner)
            case .list: true
            }
        }
    }

    private init(words: [String], transitions: [[Transition]], accepting: [Bool]) {
        self.words = words
        self.transitions = transitions
        self.accepting = accepting
    }

    /// Subset construction: a state per set of graph states reachable by the same words.
    private static func determinized(_ nfa: WordGraph, start: Int, end: Int) -> WordAutomaton {
        var numbers: [[Int]: Int] = [:]
        var sets: [[Int]] = []
        var transitions: [[Transition]] = []
        func number(_ set: [Int]) -> Int {
            if let known = numbers[set] { return known }
            numbers[set] = sets.count
            sets.append(set)
            transitions.append([])
            return sets.count - 1
        }
        _ = number(nfa.closure([start]))
        var next = 0
        while next < sets.count {
            var moves: [Int: [Int]] = [:]
            for state in sets[next] {
                for edge in nfa.edges[state] { moves[edge.word, default: []].append(edge.target) }
            }
            let found = moves.keys.sorted().map { word in
                Transition(word: word, target: number(nfa.closure(moves[word] ?? [])))
            }
            transitions[next] = found
            next += 1
        }
        let accepting = sets.map { $0.contains(end) }
        return WordAutomaton(words: nfa.words, transitions: transitions, accepting: accepting).trimmed()
    }

    /// Without the states from which no sentence can be finished (a list that is not there).
    private func trimmed() -> WordAutomaton {
        var incoming = Array(repeating: [Int](), count: stateCount)
        for (state, edges) in transitions.enumerated() {
            for edge in edges { incoming[edge.target].append(state) }
        }
        var live = accepting
        var pending = accepting.indices.filter { accepting[$0] }
        while let state = pending.popLast() {
            for source in incoming[state] where !live[source] {
                live[source] = true
                pending.append(source)
            }
        }
        let kept = transitions.map { $0.filter { live[$0.target] } }
        return WordAutomaton(words: words, transitions: kept, accepting: accepting)
    }

    /// Moore's refinement: states that end the same sentences become one, numbered in the order a walk from
    /// the start meets them (so the same grammar always gives the same text).
    private static func minimized(_ automaton: WordAutomaton) -> WordAutomaton {
        let count = automaton.stateCount
        var group = automaton.accepting.map { $0 ? 1 : 0 }
        var groupCount = Set(group).count
        struct Signature: Hashable {
            let group: Int
            let moves: [Int]
        }
        while true {
            var numbers: [Signature: Int] = [:]
            var refined = Array(repeating: 0, count: count)
            for state in 0..<count {
                let moves = automaton.transitions[state].flatMap { [$0.word, group[$0.target]] }
                let signature = Signature(group: group[state], moves: moves)
                if let known = numbers[signature] {
                    refined[state] = known
                } else {
                    refined[state] = numbers.count
                    numbers[signature] = numbers.count
                }
            }
            group = refined
            if numbers.count == groupCount { break }
            groupCount = numbers.count
        }
        // Renumbered from the start, breadth first; states no walk from the start reaches are dropped.
        var order: [Int: Int] = [group[0]: 0]
        var representatives = [0]
        var index = 0
        while index < representatives.count {
            for edge in automaton.transitions[representatives[index]] where order[group[edge.target]] == nil {
                order[group[edge.target]] = representatives.count
                representatives.append(edge.target)
            }
            index += 1
        }
        let transitions = representatives.map { state in
            automaton.transitions[state].compactMap { edge in order[group[edge.target]].map { Transition(word: edge.word, target: $0) } }
        }
        return WordAutomaton(words: automaton.words, transitions: transitions,
                             accepting: representatives.map { automaton.accepting[$0] })
    }

    /// Whether the automaton holds exactly this sentence.
    func accepts(_ sentence: [String]) -> Bool {
        var state = 0
        for word in sentence {
            guard let number = words.firstIndex(of: word),
                  let edge = transitions[state].first(where: { $0.word == number }) else { return false }
            state = edge.target
        }
        return accepting[state]
    }

    /// The automaton in pocketsphinx's FSG format: one final state reached without a word from every
    /// accepting state. Every transition has probability 1, so no sentence is preferred for its shape: an even
    /// split at each state (1/ways) favours sentences in the grammar's sparse corners and each sentence
    /// equally likely makes every one very unlikely; both heard fewer requests right than JSGF's weights, this as
    /// many (docs/speech.md).
    var fsg: String {
        let final = stateCount
        var lines = ["FSG_BEGIN parlance", "NUM_STATES \(stateCount + 1)", "START_STATE 0", "FINAL_STATE \(final)"]
        for (state, edges) in transitions.enumerated() {
            for edge in edges { lines.append("TRANSITION \(state) \(edge.target) 1.0 \(words[edge.word])") }
            if accepting[state] { lines.append("TRANSITION \(state) \(final) 1.0") }
        }
        lines.append("FSG_END")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A graph of words with empty transitions, built from grammar nodes (the automaton's raw material).
private struct WordGraph {
    struct Edge {
        let word: Int
        let target: Int
    }

    var words: [String] = []
    var numbers: [String: Int] = [:]
    var edges: [[Edge]] = []
    var empty: [[Int]] = []

    mutating func state() -> Int {
        edges.append([])
        empty.append([])
        return edges.count - 1
    }

    mutating func link(_ from: Int, _ to: Int) {
        empty[from].append(to)
    }

    mutating func say(_ word: String, from: Int) -> Int {
        let number: Int
        if let known = numbers[word] {
            number = known
        } else {
            number = words.count
            numbers[word] = number
            words.append(word)
        }
        let next = state()
        edges[from].append(Edge(word: number, target: next))
        return next
    }

    /// Adds the nodes after `from`; the state where they end.
    mutating func add(_ nodes: [SpeechGrammar.Node], from: Int, lists: [String: [[String]]]) -> Int {
        var current = from
        for node in nodes {
            switch node {
            case .words(let said):
                for word in said { current = say(word, from: current) }
            case .choice(let alternatives):
                let end = state()
                for alternative in alternatives { link(add(alternative, from: current, lists: lists), end) }
                current = end
            case .optional(let inner):
                let end = state()
                link(current, end)
                link(add(inner, from: current, lists: lists), end)
                current = end
            case .list(let name):
                let end = state()
                for phrase in lists[name] ?? [] {
                    var at = current
                    for word in phrase { at = say(word, from: at) }
                    if at != current { link(at, end) }
                }
                current = end
            }
        }
        return current
    }

    /// The states reachable from `states` without a word, sorted.
    func closure(_ states: [Int]) -> [Int] {
        var seen = Set(states)
        var pending = states
        while let state = pending.popLast() {
            for next in empty[state] where seen.insert(next).inserted { pending.append(next) }
        }
        return seen.sorted()
    }
}

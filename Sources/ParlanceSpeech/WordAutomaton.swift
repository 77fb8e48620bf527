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
        // Each list made minimal once: 10,000 contact names are a few dozen states, copied wherever the list is
        // named, rather than every name copied there.
        var nfa = WordGraph(lists: grammar.lists.mapValues(Self.init(phrases:)))
        let start = nfa.state()
        let afterOpening = nfa.state()
        nfa.link(start, afterOpening)
        for opening in grammar.openings {
            nfa.link(nfa.add(opening, from: start), afterOpening)
        }
        let afterSentence = nfa.state()
        // As in JSGF, a sentence of nothing at all is no sentence (an optional part may still leave one empty).
        for sentence in grammar.sentences where Self.saysSomething(sentence) {
            nfa.link(nfa.add(sentence, from: afterOpening), afterSentence)
        }
        let end = nfa.state()
        nfa.link(afterSentence, end)
        for closing in grammar.closings {
            nfa.link(nfa.add(closing, from: afterSentence), end)
        }
        self = Self.minimized(Self.determinized(nfa, start: start, end: end))
    }

    /// The automaton of one list's phrases (an empty phrase is none).
    private init(phrases: [[String]]) {
        var nfa = WordGraph(lists: [:])
        let start = nfa.state()
        let end = nfa.state()
        for phrase in phrases where !phrase.isEmpty {
            var at = start
            for word in phrase { at = nfa.say(word, from: at) }
            nfa.link(at, end)
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
        var marks = Array(repeating: -1, count: nfa.edges.count)
        var stamp = 0
        func closure(_ states: [Int]) -> [Int] {
            stamp += 1
            return nfa.closure(states, marks: &marks, stamp: stamp)
        }
        _ = number(closure([start]))
        var next = 0
        while next < sets.count {
            var moves: [(word: Int, target: Int)] = []
            for state in sets[next] {
                for edge in nfa.edges[state] { moves.append((edge.word, edge.target)) }
            }
            moves.sort { $0.word < $1.word }
            var found: [Transition] = []
            var first = 0
            while first < moves.count {
                var last = first
                while last < moves.count, moves[last].word == moves[first].word { last += 1 }
                found.append(Transition(word: moves[first].word, target: number(closure(moves[first..<last].map(\.target)))))
                first = last
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

    /// States that end the same sentences become one, numbered in the order a walk from the start meets them
    /// (so the same grammar always gives the same text). A grammar has no repetition, so the automaton has no
    /// cycle: one pass from the last states back, each state's class made from whether it accepts and its
    /// words' classes of next states, is exact (as for a word list's minimal automaton).
    private static func minimized(_ automaton: WordAutomaton) -> WordAutomaton {
        let count = automaton.stateCount
        var group = Array(repeating: -1, count: count)
        var numbers: [[Int]: Int] = [:]
        // Depth first from the start, each state classed once all its next states are.
        var stack: [(state: Int, next: Int)] = [(0, 0)]
        var entered = Array(repeating: false, count: count)
        entered[0] = true
        while let (state, next) = stack.popLast() {
            let edges = automaton.transitions[state]
            if next < edges.count {
                stack.append((state, next + 1))
                let target = edges[next].target
                if !entered[target] {
                    entered[target] = true
                    stack.append((target, 0))
                }
                continue
            }
            var signature = [automaton.accepting[state] ? 1 : 0]
            signature.reserveCapacity(1 + 2 * edges.count)
            for edge in edges { signature += [edge.word, group[edge.target]] }
            if let known = numbers[signature] {
                group[state] = known
            } else {
                group[state] = numbers.count
                numbers[signature] = numbers.count
            }
        }
        // Renumbered from the start, breadth first.
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

    /// The grammar's lists, each already minimal.
    let lists: [String: WordAutomaton]
    var words: [String] = []
    var numbers: [String: Int] = [:]
    var edges: [[Edge]] = []
    var empty: [[Int]] = []

    init(lists: [String: WordAutomaton]) {
        self.lists = lists
    }

    mutating func state() -> Int {
        edges.append([])
        empty.append([])
        return edges.count - 1
    }

    mutating func link(_ from: Int, _ to: Int) {
        empty[from].append(to)
    }

    mutating func say(_ word: String, from: Int) -> Int {
        let next = state()
        edges[from].append(Edge(word: number(of: word), target: next))
        return next
    }

    mutating func number(of word: String) -> Int {
        if let known = numbers[word] { return known }
        numbers[word] = words.count
        words.append(word)
        return words.count - 1
    }

    /// Adds the nodes after `from`; the state where they end.
    mutating func add(_ nodes: [SpeechGrammar.Node], from: Int) -> Int {
        var current = from
        for node in nodes {
            switch node {
            case .words(let said):
                for word in said { current = say(word, from: current) }
            case .choice(let alternatives):
                let end = state()
                for alternative in alternatives { link(add(alternative, from: current), end) }
                current = end
            case .optional(let inner):
                let end = state()
                link(current, end)
                link(add(inner, from: current), end)
                current = end
            case .list(let name):
                let end = state()
                if let list = lists[name], list.stateCount > 0 {
                    // A copy of the list's automaton between here and `end`.
                    let first = edges.count
                    for _ in 0..<list.stateCount { _ = state() }
                    let numbering = list.words.map { number(of: $0) }
                    for (index, ways) in list.transitions.enumerated() {
                        for way in ways { edges[first + index].append(Edge(word: numbering[way.word], target: first + way.target)) }
                        if list.accepting[index] { link(first + index, end) }
                    }
                    link(current, first)
                }
                current = end
            }
        }
        return current
    }

    /// The states reachable from `states` without a word, sorted. `marks` is scratch space, one per state.
    func closure(_ states: [Int], marks: inout [Int], stamp: Int) -> [Int] {
        var found: [Int] = []
        var pending: [Int] = []
        for state in states where marks[state] != stamp {
            marks[state] = stamp
            pending.append(state)
        }
        while let state = pending.popLast() {
            found.append(state)
            for next in empty[state] where marks[next] != stamp {
                marks[next] = stamp
                pending.append(next)
            }
        }
        return found.sorted()
    }
}

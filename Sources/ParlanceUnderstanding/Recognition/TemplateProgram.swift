/// A template's pattern compiled to a flat list of steps, which the template matcher walks with a
/// program counter: sequences cost nothing, and alternatives are a split that tries one way, then the
/// other. Built once per language model.
struct TemplateProgram: Sendable {
    enum Step: Sendable {
        case word(String)
        case app
        case entity(property: String?, classes: Set<String>)
        /// `wordsFollow`: what comes next begins with the template's own words, so a value no vocabulary
        /// knows has a right edge.
        case vocabulary(property: String, wordsFollow: Bool)
        case person(property: String, list: Bool)
        case freeText(property: String)
        case options(property: String, [[String]])
        /// Go on at the first step; when that fails, at the second.
        case split(Int, Int)
        case jump(Int)
        /// No way through (a choice without alternatives).
        case fail
        /// The end of the template: a match when the request ends here too.
        case accept
    }

    let intent: String
    let steps: [Step]
    /// Words every match contains: a request without one of them is passed over untried.
    let requiredWords: Set<String>
    /// The words a match can begin with; nil when it can begin with a value.
    let firstWords: Set<String>?

    init(intent: String, pattern: TemplatePattern) {
        self.intent = intent
        var steps: [Step] = []
        Self.compile(pattern, followedBy: [], into: &steps)
        steps.append(.accept)
        self.steps = steps
        requiredWords = pattern.requiredWords
        var visited = Set<Int>()
        firstWords = Self.firstWords(from: 0, steps: steps, visited: &visited)
    }

    /// Whether a request whose words are `words`, the first being `first`, can match.
    func mayMatch(words: Set<String>, first: String) -> Bool {
        if let firstWords, !firstWords.contains(first) { return false }
        return requiredWords.isSubset(of: words)
    }

    /// - Parameter after: what follows the pattern, innermost first (each an enclosing sequence's rest).
    private static func compile(_ pattern: TemplatePattern, followedBy after: [ArraySlice<TemplatePattern>],
                                into steps: inout [Step]) {
        switch pattern {
        case .word(let key): steps.append(.word(key))
        case .app: steps.append(.app)
        case .entity(let property, let classes): steps.append(.entity(property: property, classes: classes))
        case .vocabulary(let property):
            steps.append(.vocabulary(property: property, wordsFollow: TemplatePattern.beginWithWords(ArraySlice(after.joined()))))
        case .person(let property, let list): steps.append(.person(property: property, list: list))
        case .freeText(let property): steps.append(.freeText(property: property))
        case .options(let property, let options): steps.append(.options(property: property, options))
        case .sequence(let parts):
            for (index, part) in parts.enumerated() {
                compile(part, followedBy: [parts[(index + 1)...]] + after, into: &steps)
            }
        case .choice(let alternatives):
            guard let last = alternatives.last else {
                steps.append(.fail)
                return
            }
            var jumps: [Int] = []
            for alternative in alternatives.dropLast() {
                let split = steps.count
                steps.append(.fail)
                compile(alternative, followedBy: after, into: &steps)
                jumps.append(steps.count)
                steps.append(.fail)
                steps[split] = .split(split + 1, steps.count)
            }
            compile(last, followedBy: after, into: &steps)
            for jump in jumps { steps[jump] = .jump(steps.count) }
        case .optional(let inner):
            let split = steps.count
            steps.append(.fail)
            compile(inner, followedBy: after, into: &steps)
            steps[split] = .split(split + 1, steps.count)
        }
    }

    private static func firstWords(from step: Int, steps: [Step], visited: inout Set<Int>) -> Set<String>? {
        guard visited.insert(step).inserted else { return [] }
        switch steps[step] {
        case .word(let key): return [key]
        case .split(let first, let second):
            guard let one = firstWords(from: first, steps: steps, visited: &visited),
                  let other = firstWords(from: second, steps: steps, visited: &visited) else { return nil }
            return one.union(other)
        case .jump(let target): return firstWords(from: target, steps: steps, visited: &visited)
        case .fail, .accept: return []
        case .app, .entity, .vocabulary, .person, .freeText, .options: return nil
        }
    }
}

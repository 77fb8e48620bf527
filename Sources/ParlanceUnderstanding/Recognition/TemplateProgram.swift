/// A template's pattern compiled to a flat list of steps, which the template matcher walks with a
/// program counter: sequences cost nothing, and alternatives are a split that tries one way, then the
/// other. Built once per language model. The template's own words are numbers (`WordNumbers`), so
/// comparing them costs no string comparison.
final class TemplateProgram: Sendable {
    enum Step: Sendable {
        case word(Int)
        case app
        case entity(property: String?, classes: Set<String>)
        /// `wordsFollow`: what comes next begins with the template's own words, so a value no vocabulary
        /// knows has a right edge.
        case vocabulary(property: String, wordsFollow: Bool)
        case person(property: String, list: Bool)
        case freeText(property: String)
        case options(property: String, [[Int]])
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
    let requiredWords: [Int]
    /// The words a match can begin with; nil when it can begin with a value.
    let firstWords: [Int]?
    /// What a match can begin with, app names and entities included, for a program that can begin with a
    /// value (the others are found by `firstWords`); nil when it can begin with any word.
    let opening: Opening?

    /// The ways a match can begin: with one of the words, an app's name or an entity.
    struct Opening: Sendable {
        var words: Set<Int> = []
        var app = false
        var entity = false

        func union(_ other: Opening) -> Opening {
            Opening(words: words.union(other.words), app: app || other.app, entity: entity || other.entity)
        }
    }
    /// For each split or jump: the words a match from it must begin with, so a way whose next word is none
    /// of them is passed over untried (the first way of a split, what follows a message); nil where it may
    /// begin with a value or with nothing at all, and for a word's own step (the word itself is the list).
    let beginnings: [[Int]?]
    /// Choices every match goes through, each as the words its ways begin with: a request with none of a
    /// choice's words is passed over untried ("(start|begin|go for) a {workoutName}" needs one of the three,
    /// which `requiredWords`, holding single words only, cannot say).
    let requiredChoices: [[Int]]
    /// `requiredWords` and each of `requiredChoices` as bits (a word's number modulo 64), so that most
    /// programs are passed over with a few instructions (`WordBits`).
    let requiredBits: UInt64
    let choiceBits: [UInt64]

    /// - Parameter numbers: the numbers of the templates' words, which this template's words join.
    init(intent: String, pattern: TemplatePattern, numbers: inout [String: Int]) {
        self.intent = intent
        var steps: [Step] = []
        Self.compile(pattern, followedBy: [], numbers: &numbers, into: &steps)
        steps.append(.accept)
        self.steps = steps
        requiredWords = pattern.requiredWords.compactMap { numbers[$0] }.sorted()
        var visited = Set<Int>()
        firstWords = Self.firstWords(from: 0, steps: steps, visited: &visited).map { Array($0).sorted() }
        beginnings = Self.beginnings(steps)
        requiredChoices = Self.requiredChoices(steps, beginnings: beginnings)
        requiredBits = WordBits.of(requiredWords)
        choiceBits = requiredChoices.map(WordBits.of)
        visited = []
        opening = firstWords == nil ? Self.opening(from: 0, steps: steps, visited: &visited) : nil
    }

    /// Reads what `write(to:)` wrote; a word number or step target out of range is corrupt.
    init(from reader: inout ModelReader, wordCount: Int) throws(ModelReader.Corrupt) {
        intent = try reader.readString()
        let count = try reader.readCount(itemSize: 4)
        func word(_ number: Int) throws(ModelReader.Corrupt) -> Int {
            guard (0..<wordCount).contains(number) else { throw ModelReader.Corrupt() }
            return number
        }
        // Splits and jumps only lead forward (as `compile` writes them): a loop would never end.
        func target(after index: Int) throws(ModelReader.Corrupt) -> Int {
            let step = Int(try reader.readUInt32())
            guard step > index, step < count else { throw ModelReader.Corrupt() }
            return step
        }
        func flag() throws(ModelReader.Corrupt) -> Bool { try reader.readUInt32() != 0 }
        var steps: [Step] = []
        steps.reserveCapacity(count)
        for index in 0..<count {
            switch try reader.readUInt32() {
            case 0: steps.append(.word(try word(Int(try reader.readUInt32()))))
            case 1: steps.append(.app)
            case 2:
                let property = try reader.readStrings().first
                steps.append(.entity(property: property, classes: Set(try reader.readStrings())))
            case 3: steps.append(.vocabulary(property: try reader.readString(), wordsFollow: try flag()))
            case 4: steps.append(.person(property: try reader.readString(), list: try flag()))
            case 5: steps.append(.freeText(property: try reader.readString()))
            case 6:
                let property = try reader.readString()
                var options: [[Int]] = []
                for _ in 0..<(try reader.readCount(itemSize: 4)) {
                    var option: [Int] = []
                    for number in try reader.readNumbers() { option.append(try word(number)) }
                    options.append(option)
                }
                steps.append(.options(property: property, options))
            case 7: steps.append(.split(try target(after: index), try target(after: index)))
            case 8: steps.append(.jump(try target(after: index)))
            case 9: steps.append(.fail)
            case 10: steps.append(.accept)
            default: throw ModelReader.Corrupt()
            }
        }
        guard case .accept? = steps.last else { throw ModelReader.Corrupt() }
        self.steps = steps
        var required: [Int] = []
        for number in try reader.readNumbers() { required.append(try word(number)) }
        requiredWords = required
        let hasFirstWords = try flag()
        var first: [Int] = []
        for number in try reader.readNumbers() { first.append(try word(number)) }
        firstWords = hasFirstWords ? first : nil
        beginnings = Self.beginnings(steps)
        requiredChoices = Self.requiredChoices(steps, beginnings: beginnings)
        requiredBits = WordBits.of(requiredWords)
        choiceBits = requiredChoices.map(WordBits.of)
        var visited = Set<Int>()
        opening = firstWords == nil ? Self.opening(from: 0, steps: steps, visited: &visited) : nil
    }

    /// The words of the splits no way around: steps only lead forward, so a way avoids a step exactly when it
    /// takes a split's or a jump's edge from before the step to after it.
    private static func requiredChoices(_ steps: [Step], beginnings: [[Int]?]) -> [[Int]] {
        var skipping = [Int](repeating: 0, count: steps.count + 1)
        func edge(from: Int, to: Int) {
            guard to > from + 1, to <= steps.count else { return }
            skipping[from + 1] += 1
            skipping[to] -= 1
        }
        for (index, step) in steps.enumerated() {
            switch step {
            case .split(let first, let second):
                edge(from: index, to: first)
                edge(from: index, to: second)
            case .jump(let target): edge(from: index, to: target)
            default: break
            }
        }
        var choices: [[Int]] = []
        var skipped = 0
        for index in steps.indices {
            skipped += skipping[index]
            guard skipped == 0, case .split = steps[index], let words = beginnings[index], !words.isEmpty,
                  !choices.contains(words) else { continue }
            choices.append(words)
        }
        return choices
    }

    /// `beginnings` for a program's steps, from the last step back (splits and jumps only lead forward;
    /// a step not worked out yet counts as "may begin with anything", which never skips a way wrongly).
    private static func beginnings(_ steps: [Step]) -> [[Int]?] {
        var beginning = [Set<Int>?](repeating: nil, count: steps.count)
        for index in steps.indices.reversed() {
            switch steps[index] {
            case .word(let key): beginning[index] = [key]
            case .split(let first, let second):
                guard first > index, second > index, let one = beginning[first], let other = beginning[second] else { continue }
                beginning[index] = one.union(other)
            case .jump(let target):
                if target > index { beginning[index] = beginning[target] }
            case .fail: beginning[index] = []
            case .accept, .app, .entity, .vocabulary, .person, .freeText, .options: break
            }
        }
        // A word's own step needs no list (the matcher compares the word): only splits and jumps keep one.
        return zip(steps, beginning).map { step, words in
            if case .word = step { return nil }
            return words.map { Array($0).sorted() }
        }
    }

    /// Whether a match may begin with the word numbered `word`, where an app's name (`app`) or an entity
    /// (`entity`) begins or not.
    func mayOpen(with word: Int, app: Bool, entity: Bool) -> Bool {
        guard let opening else { return true }
        return app && opening.app || entity && opening.entity || opening.words.contains(word)
    }

    /// Whether a request whose words have the bits `bits` (`WordBits.of`) may match: false rules the program out.
    func mayMatch(bits: UInt64) -> Bool {
        guard requiredBits & ~bits == 0 else { return false }
        for choice in choiceBits where choice & bits == 0 { return false }
        return true
    }

    /// Whether a request whose words are numbered `words` (the templates' numbers; -1 for a word no template
    /// has) can match.
    func mayMatch(words: [Int]) -> Bool {
        guard let first = words.first else { return false }
        if let firstWords, !firstWords.contains(first) { return false }
        return requiredWords.allSatisfy(words.contains)
            && requiredChoices.allSatisfy { choice in words.contains(where: choice.contains) }
    }

    /// - Parameter after: what follows the pattern, innermost first (each an enclosing sequence's rest).
    private static func compile(_ pattern: TemplatePattern, followedBy after: [ArraySlice<TemplatePattern>],
                                numbers: inout [String: Int], into steps: inout [Step]) {
        func number(_ word: String) -> Int {
            if let known = numbers[word] { return known }
            numbers[word] = numbers.count
            return numbers.count - 1
        }
        switch pattern {
        case .word(let key): steps.append(.word(number(key)))
        case .app: steps.append(.app)
        case .entity(let property, let classes): steps.append(.entity(property: property, classes: classes))
        case .vocabulary(let property):
            steps.append(.vocabulary(property: property, wordsFollow: TemplatePattern.beginWithWords(ArraySlice(after.joined()))))
        case .person(let property, let list): steps.append(.person(property: property, list: list))
        case .freeText(let property): steps.append(.freeText(property: property))
        case .options(let property, let options):
            steps.append(.options(property: property, options.map { $0.map(number) }))
        case .sequence(let parts):
            for (index, part) in parts.enumerated() {
                compile(part, followedBy: [parts[(index + 1)...]] + after, numbers: &numbers, into: &steps)
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
                compile(alternative, followedBy: after, numbers: &numbers, into: &steps)
                jumps.append(steps.count)
                steps.append(.fail)
                steps[split] = .split(split + 1, steps.count)
            }
            compile(last, followedBy: after, numbers: &numbers, into: &steps)
            for jump in jumps { steps[jump] = .jump(steps.count) }
        case .optional(let inner):
            let split = steps.count
            steps.append(.fail)
            compile(inner, followedBy: after, numbers: &numbers, into: &steps)
            steps[split] = .split(split + 1, steps.count)
        }
    }

    private static func opening(from step: Int, steps: [Step], visited: inout Set<Int>) -> Opening? {
        guard visited.insert(step).inserted else { return Opening() }
        switch steps[step] {
        case .word(let key): return Opening(words: [key])
        case .app: return Opening(app: true)
        case .entity: return Opening(entity: true)
        case .split(let first, let second):
            guard let one = opening(from: first, steps: steps, visited: &visited),
                  let other = opening(from: second, steps: steps, visited: &visited) else { return nil }
            return one.union(other)
        case .jump(let target): return opening(from: target, steps: steps, visited: &visited)
        case .fail, .accept: return Opening()
        case .vocabulary, .person, .freeText, .options: return nil
        }
    }

    private static func firstWords(from step: Int, steps: [Step], visited: inout Set<Int>) -> Set<Int>? {
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

extension TemplateProgram {
    func write(to writer: inout ModelWriter) {
        writer.write(intent)
        writer.write(count: steps.count)
        for step in steps {
            switch step {
            case .word(let number):
                writer.write(UInt32(0))
                writer.write(count: number)
            case .app:
                writer.write(UInt32(1))
            case .entity(let property, let classes):
                writer.write(UInt32(2))
                writer.write(property.map { [$0] } ?? [])
                writer.write(classes.sorted())
            case .vocabulary(let property, let wordsFollow):
                writer.write(UInt32(3))
                writer.write(property)
                writer.write(UInt32(wordsFollow ? 1 : 0))
            case .person(let property, let list):
                writer.write(UInt32(4))
                writer.write(property)
                writer.write(UInt32(list ? 1 : 0))
            case .freeText(let property):
                writer.write(UInt32(5))
                writer.write(property)
            case .options(let property, let options):
                writer.write(UInt32(6))
                writer.write(property)
                writer.write(count: options.count)
                for option in options { writer.write(numbers: option) }
            case .split(let first, let second):
                writer.write(UInt32(7))
                writer.write(count: first)
                writer.write(count: second)
            case .jump(let target):
                writer.write(UInt32(8))
                writer.write(count: target)
            case .fail:
                writer.write(UInt32(9))
            case .accept:
                writer.write(UInt32(10))
            }
        }
        writer.write(numbers: requiredWords)
        writer.write(UInt32(firstWords == nil ? 0 : 1))
        writer.write(numbers: firstWords ?? [])
    }
}

/// A set of template word numbers as the bits of their numbers modulo 64: a word's bit missing from a
/// request's bits means the word is missing from the request (the converse needs the numbers themselves).
enum WordBits {
    static func of(_ numbers: [Int]) -> UInt64 {
        numbers.reduce(0) { bits, number in number < 0 ? bits : bits | (1 << UInt64(number & 63)) }
    }
}

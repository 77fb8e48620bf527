import Testing
@testable import ParlanceUnderstanding

/// The template matcher passes over a program untried when the request lacks a word every match has,
/// including one word of a choice every match goes through; it never passes over one that could match.
@Suite struct TemplateProgramFilterTests {
    static func program(_ pattern: TemplatePattern) -> (TemplateProgram, [String: Int]) {
        var numbers: [String: Int] = [:]
        let program = TemplateProgram(intent: "INStartWorkoutIntent", pattern: pattern, numbers: &numbers)
        return (program, numbers)
    }

    static func bits(_ words: [String], _ numbers: [String: Int]) -> UInt64 {
        WordBits.of(words.map { numbers[$0] ?? -1 })
    }

    @Test func aChoiceEveryMatchGoesThroughIsRequired() {
        // [please] (start | begin | go for) a {workoutName} [workout]
        let (program, numbers) = Self.program(.sequence([
            .optional(.word("please")),
            .choice([.word("start"), .word("begin"), .sequence([.word("go"), .word("for")])]),
            .word("a"), .vocabulary(property: "workoutName"), .optional(.word("workout")),
        ]))
        let choice = ["start", "begin", "go"].compactMap { numbers[$0] }.sorted()
        #expect(program.requiredChoices.contains(choice))
        // An optional word is no requirement by itself (only as one way to begin: please, start, begin or go).
        #expect(!program.requiredWords.contains(numbers["please"] ?? -1))
        #expect(!program.requiredChoices.contains([numbers["please"] ?? -1]))
        #expect(!program.requiredChoices.contains { $0.contains(numbers["workout"] ?? -1) })
        #expect(program.mayMatch(bits: Self.bits(["begin", "a", "run"], numbers)))
        #expect(program.mayMatch(bits: Self.bits(["go", "for", "a", "run"], numbers)))
        #expect(!program.mayMatch(bits: Self.bits(["send", "a", "run"], numbers)))
        #expect(!program.mayMatch(words: ["send", "a", "run"].map { numbers[$0] ?? -1 }))
        #expect(program.mayMatch(words: ["start", "a", "run"].map { numbers[$0] ?? -1 }))
    }

    @Test func aChoiceThatMayBeLeftOutOrBeginWithAValueIsNoRequirement() {
        let (optional, numbers) = Self.program(.sequence([
            .optional(.choice([.word("start"), .word("begin")])), .vocabulary(property: "workoutName"),
        ]))
        #expect(optional.requiredChoices.isEmpty)
        #expect(optional.mayMatch(bits: Self.bits(["run"], numbers)))
        let (valued, other) = Self.program(.sequence([
            .choice([.word("start"), .app]), .vocabulary(property: "workoutName"),
        ]))
        #expect(valued.requiredChoices.isEmpty)
        #expect(valued.mayMatch(bits: Self.bits(["pacer", "run"], other)))
    }
}

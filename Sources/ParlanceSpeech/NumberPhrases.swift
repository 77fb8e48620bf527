/// A list of phrases about quantities ("20 dollars", "30 minutes", "5") made to hold any number where its
/// examples have one: a grammar listening for "twenty dollars" alone would hear "fifteen dollars" as
/// something else. The units come from the examples (the phrasebook's data), the numbers from here.
public enum NumberPhrases {
    /// The numbers said: zero to a thousand, and whole thousands to ten thousand.
    public static let numbers: [[String]] = (0...1000).map(SpokenWords.spelled)
        + stride(from: 2000, through: 10_000, by: 1000).map(SpokenWords.spelled)

    /// The list with every phrase that has a number in it also said with every other number, when most of its
    /// phrases have one (a list of amounts, not of dates or messages that mention a number); else nil.
    public static func generalized(_ phrases: [[String]]) -> [[String]]? {
        let spans = phrases.map(numberSpan)
        guard !phrases.isEmpty, spans.filter({ $0 != nil }).count * 2 >= phrases.count else { return nil }
        var shapes: [[String]] = []
        var seenShapes = Set<[String]>()
        for (phrase, span) in zip(phrases, spans) {
            // "one point five miles": decimals stay as the examples say them.
            guard let span, !phrase.contains("point") else { continue }
            let shape = Array(phrase[..<span.lowerBound]) + [placeholder] + Array(phrase[span.upperBound...])
            if seenShapes.insert(shape).inserted { shapes.append(shape) }
        }
        var result = phrases
        var seen = Set(phrases)
        for shape in shapes {
            for number in numbers {
                let phrase = shape.flatMap { $0 == placeholder ? number : [$0] }
                if seen.insert(phrase).inserted { result.append(phrase) }
            }
        }
        return result
    }

    private static let placeholder = "\u{0}number"
    private static let starts = Set(SpokenWords.ones + SpokenWords.tens.filter { !$0.isEmpty })
    private static let inside = starts.union(["hundred", "thousand", "and"])

    /// Where the phrase's first number is: a run of number words starting with a digit's or a ten's name.
    static func numberSpan(_ phrase: [String]) -> Range<Int>? {
        guard let start = phrase.firstIndex(where: starts.contains) else { return nil }
        var end = start + 1
        while end < phrase.count, inside.contains(phrase[end]) { end += 1 }
        // "and" joins numbers; it does not end one.
        while end > start + 1, phrase[end - 1] == "and" { end -= 1 }
        return start..<end
    }
}

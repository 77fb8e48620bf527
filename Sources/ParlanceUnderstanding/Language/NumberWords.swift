
/// How a language writes numbers in words: the tables a `NumberReader` reads with.
public struct NumberWords: Sendable {
    /// Words for 0–99 that stand alone or start a compound ("one", "twelve", "twenty").
    public var values: [String: Double]
    /// Multipliers ("hundred": 100, "thousand": 1000, "k": 1000).
    public var scales: [String: Double]
    /// Words that may join parts of one number ("and" in "one hundred and five").
    public var joiners: Set<String>
    /// Words that mean "one" only before a scale or unit ("a", "an").
    public var articles: Set<String>
    /// Words for the decimal point ("point").
    public var decimalPoints: Set<String>
    /// Fractions that can follow a number or stand alone ("half": 0.5, "quarter": 0.25).
    public var fractions: [String: Double]
    /// The decimal separator in digits ("." in English, "," in German and French).
    public var decimalSeparator: Character
    /// Ordinal words and their numbers ("first": 1, "2nd": 2, "last": -1).
    public var ordinals: [String: Int]
    /// Scales that are a number on their own ("cent", "mille" in French; English says "a hundred").
    public var standaloneScales: Set<String>
    /// Whether numbers are written the Chinese and Japanese way: a digit before each scale, scales from
    /// large to small ("二千五百" is 2 × 1000 + 5 × 100), 万 and 亿 grouping everything before them.
    public var ideographic: Bool

    public init(values: [String: Double], scales: [String: Double], joiners: Set<String>, articles: Set<String>,
                decimalPoints: Set<String>, fractions: [String: Double], decimalSeparator: Character,
                ordinals: [String: Int], standaloneScales: Set<String> = [], ideographic: Bool = false) {
        // Tokens are matched by their folded keys ("zéro" → "zero"), so the tables are folded too.
        func fold<V>(_ table: [String: V]) -> [String: V] {
            Dictionary(table.map { (TextFolding.key($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        func fold(_ words: Set<String>) -> Set<String> { Set(words.map { TextFolding.key($0) }) }
        self.values = fold(values)
        self.scales = fold(scales)
        self.joiners = fold(joiners)
        self.articles = fold(articles)
        self.decimalPoints = fold(decimalPoints)
        self.fractions = fold(fractions)
        self.decimalSeparator = decimalSeparator
        self.ordinals = fold(ordinals)
        self.standaloneScales = fold(standaloneScales)
        self.ideographic = ideographic
    }
}


/// Reads measured amounts with a workout goal unit: "5 miles", "30 minutes", "half an hour",
/// "an hour", "500 calories", "10k". Kilometres become metres (the goal units have no kilometre).
struct QuantityReader: Sendable {
    /// A unit word: the goal unit it stands for and the factor to that unit.
    struct Unit: Sendable {
        var name: String
        var factor: Double
    }

    var numbers: NumberReader
    let units: PhraseTable<Unit>

    func read(_ tokens: [Token], at start: Int) -> (EntityValue, Int)? {
        var amount: (value: Double, length: Int)?
        let words = numbers.words
        if start + 1 < tokens.count, tokens[start].kind == .number, units.match(tokens, at: start + 1) != nil,
           let digits = numbers.digits(tokens[start].key) {
            amount = (digits, 1) // "10k" is ten kilometres here, not ten thousand
        } else if let number = numbers.read(tokens, at: start) {
            amount = number
        } else if start < tokens.count, let fraction = words.fractions[tokens[start].key] {
            // "half an hour", "half a mile"
            let skip = start + 1 < tokens.count && words.articles.contains(tokens[start + 1].key) ? 2 : 1
            amount = (fraction, skip)
        } else if start < tokens.count, words.articles.contains(tokens[start].key) {
            amount = (1, 1)
        }
        if amount == nil, let compound = hyphenated(tokens, at: start) { return compound }
        guard var amount else { return nil }
        // "a 30-minute run", "a 5-kilometer run": the number joined to its unit by a hyphen.
        if start + amount.length + 1 < tokens.count, tokens[start + amount.length].key == "-",
           tokens[start + amount.length].range.lowerBound == tokens[start + amount.length - 1].range.upperBound,
           units.match(tokens, at: start + amount.length + 1) != nil {
            amount.length += 1
        }
        guard let unit = units.match(tokens, at: start + amount.length) else { return nil }
        var value = amount.value * unit.value.factor
        var length = amount.length + unit.length
        // "an hour and a half"
        let after = start + length
        if after + 2 < tokens.count, words.joiners.contains(tokens[after].key), words.articles.contains(tokens[after + 1].key),
           let fraction = words.fractions[tokens[after + 2].key] {
            value += fraction * unit.value.factor
            length += 3
        }
        return (.quantity(value: MoneyReader.round(value), unit: unit.value.name), length)
    }

    /// "a one-hour walk", "a five-mile run": number words and a unit written as one hyphenated word.
    private func hyphenated(_ tokens: [Token], at start: Int) -> (EntityValue, Int)? {
        guard start < tokens.count, tokens[start].kind == .word, tokens[start].key.contains("-") else { return nil }
        let parts = tokens[start].key.split(separator: "-").map(String.init)
        for cut in stride(from: parts.count - 1, through: 1, by: -1) {
            guard let unit = units.value(forKeys: Array(parts[cut...])) else { continue }
            let number = parts[..<cut].map { part in
                Token(key: part, range: tokens[start].range, kind: .word, isCapitalized: false)
            }
            guard let amount = numbers.read(number, at: 0), amount.length == number.count else { return nil }
            return (.quantity(value: MoneyReader.round(amount.value * unit.factor), unit: unit.name), 1)
        }
        return nil
    }
}

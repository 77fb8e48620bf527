
/// Reads amounts of money: "$15.50", "30 euros", "twenty five pounds", "a hundred bucks",
/// "15 dollars and 50 cents", "€12", "12 €", "USD 20".
struct MoneyReader: Sendable {
    var numbers: NumberReader
    let currencies: PhraseTable<String>
    let subunits: PhraseTable<Double>
    /// Subunits that make an amount on their own ("50 cents").
    let standaloneSubunits: PhraseTable<Double>
    let joiners: Set<String>

    func read(_ tokens: [Token], at start: Int) -> (EntityValue, Int)? {
        // "-5 dollars" stays negative, for the app to refuse, rather than becoming 5.
        if ["-", "\u{2212}", "minus"].contains(tokens[start].key), start + 1 < tokens.count,
           let (value, length) = read(tokens, at: start + 1), case .money(let amount, let currency) = value {
            return (.money(amount: -amount, currencyCode: currency), length + 1)
        }
        // Currency first: "$15.50", "USD 20".
        if let currency = currencies.match(tokens, at: start) {
            let numberAt = start + currency.length
            if numberAt < tokens.count, tokens[numberAt].kind == .number || tokens[start].kind == .symbol,
               let amount = numbers.read(tokens, at: numberAt) {
                return (.money(amount: Self.round(amount.value), currencyCode: currency.value), currency.length + amount.length)
            }
        }
        guard let amount = numbers.read(tokens, at: start) else { return nil }
        var index = start + amount.length
        if let currency = currencies.match(tokens, at: index) {
            index += currency.length
            var value = amount.value
            // "15 dollars and 50 cents", "15 dollars 50"
            var next = index
            if next < tokens.count, joiners.contains(tokens[next].key) { next += 1 }
            if let cents = numbers.read(tokens, at: next), cents.value < 100 {
                let after = next + cents.length
                if let subunit = subunits.match(tokens, at: after) {
                    value += cents.value * subunit.value
                    index = after + subunit.length
                } else if next == index, tokens[next].kind == .number {
                    value += cents.value / 100
                    index = after
                }
            }
            return (.money(amount: Self.round(value), currencyCode: currency.value), index - start)
        }
        if let subunit = standaloneSubunits.match(tokens, at: index) {
            return (.money(amount: Self.round(amount.value * subunit.value), currencyCode: nil), amount.length + subunit.length)
        }
        return nil
    }

    static func round(_ value: Double) -> Double {
        (value * 1_000_000).rounded() / 1_000_000
    }
}

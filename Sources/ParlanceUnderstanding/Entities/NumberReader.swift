
/// Reads a number written in digits ("15.50", "1,000") or words ("twenty five", "a hundred",
/// "one hundred and five", "two point five") at a token position, with a language's words.
struct NumberReader: Sendable {
    let words: NumberWords
    /// The numbers at every position of one request's tokens, read once (`remembering(_:)`).
    private var remembered: RememberedNumbers?

    init(words: NumberWords) {
        self.words = words
    }

    /// This reader, knowing the number at every position of `tokens` already: the entity readers each look
    /// for a number at the same positions of a request, and this way it is read once.
    func remembering(_ tokens: [Token]) -> NumberReader {
        var reader = NumberReader(words: words)
        reader.remembered = RememberedNumbers(tokens: tokens, readings: tokens.indices.map { read(tokens, at: $0) })
        return reader
    }

    /// The number starting at `start`, and how many tokens it covers.
    func read(_ tokens: [Token], at start: Int) -> (value: Double, length: Int)? {
        if let remembered, remembered.knows(tokens), remembered.readings.indices.contains(start) {
            return remembered.readings[start]
        }
        guard start < tokens.count else { return nil }
        if tokens[start].kind == .number, let value = digits(tokens[start].key) {
            var (total, length) = spacedThousands(tokens, at: start) ?? (value, 1)
            if start + 1 < tokens.count, let scale = words.scales[tokens[start + 1].key] {
                total *= scale
                length += 1
            }
            if let (fraction, extra) = trailingFraction(tokens, at: start + length) {
                total += fraction
                length += extra
            }
            return (total, length)
        }
        return words.ideographic ? ideographic(tokens, at: start) : spelled(tokens, at: start)
    }

    /// "一百二十" (120), "二千五百" (2500), "三万五千" (35 000), "十五" (15), "千" (1000), "一百零五" (105).
    private func ideographic(_ tokens: [Token], at start: Int) -> (value: Double, length: Int)? {
        // "二〇二六", "一〇〇": digits written one by one, as in years; 〇 makes it clear.
        let run = tokens[start...].prefix { words.values[$0.key].map { $0 < 10 } ?? false }
        if run.count > 1, run.contains(where: { $0.key == "〇" }) {
            let value = run.reduce(0.0) { $0 * 10 + (words.values[$1.key] ?? 0) }
            return (value, run.count)
        }
        var total = 0.0, section = 0.0
        var digit: Double?
        var index = start
        var lastScale = Double.infinity
        while index < tokens.count {
            let key = tokens[index].key
            if let value = words.values[key] {
                if value >= 10 { break }
                if let previous = digit, previous != 0 { break } // "五六" is two numbers; "零五" is a gap
                digit = value
            } else if let scale = words.scales[key] {
                if scale < 10_000 {
                    if scale >= lastScale { break } // "十十": not one number
                    section += (digit ?? 1) * scale
                    digit = nil
                    lastScale = scale
                    index += 1
                    continue
                }
                let group = section + (digit ?? 0)
                if group == 0 && index > start { break } // "万万": not one number
                total += max(group, 1) * scale
                section = 0
                digit = nil
                lastScale = .infinity
            } else {
                break
            }
            index += 1
        }
        guard index > start else { return nil }
        var value = total + section + (digit ?? 0)
        var length = index - start
        if index < tokens.count, words.decimalPoints.contains(tokens[index].key) {
            var fraction = ""
            var next = index + 1
            while next < tokens.count, let decimal = words.values[tokens[next].key], decimal < 10 {
                fraction += String(Int(decimal))
                next += 1
            }
            if !fraction.isEmpty {
                value += Double("0." + fraction) ?? 0
                length = next - start
            }
        }
        return (value, length)
    }

    /// "1 000", "25 000 000": groups of three digits after a space, as French and others write thousands (and
    /// speech recognisers with them). Not when more digits follow ("555 123 4567" is no amount).
    private func spacedThousands(_ tokens: [Token], at start: Int) -> (value: Double, length: Int)? {
        func isDigits(_ key: String, count: ClosedRange<Int>) -> Bool {
            count.contains(key.count) && key.allSatisfy { $0.isASCII && $0.isNumber }
        }
        guard isDigits(tokens[start].key, count: 1...3) else { return nil }
        var text = tokens[start].key
        var index = start + 1
        while index < tokens.count, tokens[index].kind == .number {
            let key = tokens[index].key
            let whole = key.prefix { $0 != words.decimalSeparator }
            guard isDigits(String(whole), count: 3...3), whole.count == key.count || index + 1 == tokens.count
                    || tokens[index + 1].kind != .number else { return nil }
            text += key
            index += 1
            if whole.count != key.count { break }
        }
        guard index > start + 1, index == tokens.count || tokens[index].kind != .number, let value = digits(text)
        else { return nil }
        return (value, index - start)
    }

    /// Digits with separators; "1,000" and "1,000.5" group thousands in English, "15,50" is a decimal in German.
    func digits(_ text: String) -> Double? {
        let decimal = words.decimalSeparator
        let group: Character = decimal == "." ? "," : "."
        var cleaned = ""
        let parts = text.split(separator: group, omittingEmptySubsequences: false)
        if parts.count > 1, parts.dropFirst().allSatisfy({ $0.prefix(while: { $0 != decimal }).count == 3 }) {
            cleaned = parts.joined()
        } else if parts.count == 2, !text.contains(decimal) {
            cleaned = parts.joined(separator: ".") // "15,50" in English text: a decimal comma after all
        } else {
            cleaned = text
        }
        return Double(cleaned.replacingOccurrences(of: String(decimal), with: "."))
    }

    /// A number word, or words joined by hyphens read longest part first: "vingt-cinq" is 25,
    /// "quatre-vingt-deux" is 80 + 2, "soixante-dix-sept" is 70 + 7.
    private func hyphenated(_ key: String) -> Double? {
        if let whole = words.values[key] { return whole }
        guard key.utf8.contains(0x2D) else { return nil }  // most words have no hyphen to split at
        let parts = key.split(separator: "-").map(String.init)
        guard parts.count > 1 else { return nil }
        var total = 0.0
        var index = 0
        while index < parts.count {
            guard let end = (index..<parts.count).reversed().first(where: {
                words.values[parts[index...$0].joined(separator: "-")] != nil
            }), let value = words.values[parts[index...end].joined(separator: "-")] else { return nil }
            total += value
            index = end + 1
        }
        return total
    }

    private func spelled(_ tokens: [Token], at start: Int) -> (value: Double, length: Int)? {
        var total = 0.0
        var current = 0.0
        var consumed = 0
        var sawNumber = false
        var index = start
        while index < tokens.count {
            let key = tokens[index].key
            if let value = hyphenated(key) {
                if sawNumber {
                    let rest = current.truncatingRemainder(dividingBy: 100)
                    let compound = rest == 0 || (rest >= 20 && rest.truncatingRemainder(dividingBy: 10) == 0 && value < 10)
                    if !compound { break } // "five six" is two numbers
                }
                current += value
                sawNumber = true
                index += 1
                consumed = index - start
            } else if let scale = words.scales[key], sawNumber || words.standaloneScales.contains(key)
                        || (index > start && words.articles.contains(tokens[index - 1].key)) {
                if !sawNumber { current = 1 }
                if scale == 100 {
                    current = max(current, 1) * scale
                } else {
                    total += max(current, 1) * scale
                    current = 0
                }
                sawNumber = true
                index += 1
                consumed = index - start
            } else if index == start, words.articles.contains(key), index + 1 < tokens.count,
                      words.scales[tokens[index + 1].key] != nil {
                index += 1
            } else if sawNumber, words.joiners.contains(key), index + 1 < tokens.count,
                      words.values[tokens[index + 1].key] != nil {
                index += 1
            } else if sawNumber, words.decimalPoints.contains(key) {
                var fraction = ""
                var next = index + 1
                while next < tokens.count, let digit = words.values[tokens[next].key], digit < 10 {
                    fraction += String(Int(digit))
                    next += 1
                }
                if fraction.isEmpty { break }
                let value = total + current + (Double("0." + fraction) ?? 0)
                return (value, next - start)
            } else {
                break
            }
        }
        guard sawNumber else { return nil }
        var value = total + current
        if let (fraction, extra) = trailingFraction(tokens, at: start + consumed) {
            value += fraction
            consumed += extra
        }
        return (value, consumed)
    }

    /// "… and a half" after a number.
    private func trailingFraction(_ tokens: [Token], at index: Int) -> (Double, Int)? {
        guard index + 2 < tokens.count, words.joiners.contains(tokens[index].key),
              words.articles.contains(tokens[index + 1].key), let fraction = words.fractions[tokens[index + 2].key]
        else { return nil }
        return (fraction, 3)
    }

    /// An ordinal word or numeral ("second", "2nd", "last") at a position.
    func ordinal(_ tokens: [Token], at index: Int) -> Int? {
        guard index < tokens.count else { return nil }
        return words.ordinals[tokens[index].key]
    }
}

/// The numbers read at every position of one token list.
private struct RememberedNumbers: Sendable {
    /// The list read, kept so its storage stays this list's while it is remembered.
    let tokens: [Token]
    let readings: [(value: Double, length: Int)?]

    /// Whether `other` is the list read: the same storage, not merely equal tokens.
    func knows(_ other: [Token]) -> Bool {
        tokens.count == other.count
            && tokens.withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
    }
}

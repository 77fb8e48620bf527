
/// Phrases of one or more words, each with a value, found in a token sequence longest first.
/// Keys are matching keys (`TextFolding`), so "Euros" and "euros" are one phrase.
struct PhraseTable<Value: Sendable>: Sendable {
    private var byFirstKey: [String: [(keys: [String], value: Value)]] = [:]

    init(_ phrases: [String: Value] = [:]) {
        for (phrase, value) in phrases { add(phrase, value) }
    }

    init(_ phrases: [(String, Value)]) {
        for (phrase, value) in phrases { add(phrase, value) }
    }

    /// Adds a phrase; it is split into tokens the same way requests are.
    mutating func add(_ phrase: String, _ value: Value) {
        add(keys: TextFolding.tokenKeys(phrase), value)
    }

    mutating func add(keys: [String], _ value: Value) {
        guard let first = keys.first else { return }
        byFirstKey[first, default: []].append((keys, value))
        byFirstKey[first]?.sort { $0.keys.count > $1.keys.count }
    }

    /// The longest phrase starting at `start`, and how many tokens it covers.
    func match(_ tokens: [Token], at start: Int) -> (value: Value, length: Int)? {
        guard start < tokens.count, let candidates = byFirstKey[tokens[start].key] else { return nil }
        for candidate in candidates where start + candidate.keys.count <= tokens.count {
            var matches = true
            for (offset, key) in candidate.keys.enumerated().dropFirst() where tokens[start + offset].key != key {
                matches = false
                break
            }
            if matches { return (candidate.value, candidate.keys.count) }
        }
        return nil
    }

    /// The value of the phrase with exactly these keys.
    func value(forKeys keys: [String]) -> Value? {
        byFirstKey[keys.first ?? ""]?.first { $0.keys == keys }?.value
    }

    /// Whether a phrase covers exactly these tokens.
    func matchesWhole(_ tokens: [Token]) -> Value? {
        guard let found = match(tokens, at: 0), found.length == tokens.count else { return nil }
        return found.value
    }

    /// Every match, left to right, not overlapping.
    func all(in tokens: [Token], range: Range<Int>? = nil) -> [(value: Value, range: Range<Int>)] {
        var found: [(Value, Range<Int>)] = []
        let bounds = range ?? 0..<tokens.count
        var index = bounds.lowerBound
        while index < bounds.upperBound {
            if let hit = match(tokens, at: index), index + hit.length <= bounds.upperBound {
                found.append((hit.value, index..<(index + hit.length)))
                index += hit.length
            } else {
                index += 1
            }
        }
        return found
    }

    var isEmpty: Bool { byFirstKey.isEmpty }
}

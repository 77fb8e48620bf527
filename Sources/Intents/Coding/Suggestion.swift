import Foundation

/// "Did you mean …?": the closest candidate to a misspelled name.
package enum Suggestion {
    /// The candidate nearest to `word` by edit distance (ignoring case), if it is close enough to be a likely typo.
    package static func closest(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        let allowed = max(1, min(3, target.count / 3))
        return distance <= allowed ? candidate : nil
    }

    /// Levenshtein distance between two character arrays.
    package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        editDistance(a, b, beyond: nil)
    }

    /// Levenshtein distance between two arrays; with a `limit`, exact when at most the limit and `limit + 1`
    /// when more. With a limit only the cells within `limit` of the diagonal are worked out (a way through the
    /// table that costs at most the limit never leaves them), in rows on the stack.
    @inlinable
    package static func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element], beyond limit: Int?) -> Int {
        if a.isEmpty { return limit.map { min(b.count, $0 + 1) } ?? b.count }
        if b.isEmpty { return limit.map { min(a.count, $0 + 1) } ?? a.count }
        guard let limit else { return fullDistance(a, b) }
        let width = b.count
        guard abs(a.count - width) <= limit else { return limit + 1 }
        let beyond = limit + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (width + 1)) { rows in
            guard let start = rows.baseAddress else { return fullDistance(a, b) }
            var previous = start
            var current = start + (width + 1)
            for j in 0...width {
                previous[j] = j <= limit ? j : beyond
                current[j] = beyond
            }
            for i in 1...a.count {
                let low = max(1, i - limit)
                let high = min(width, i + limit)
                current[low - 1] = low == 1 ? i : beyond
                if high < width { current[high + 1] = beyond }
                var rowMinimum = current[low - 1]
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    let value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost, beyond)
                    current[j] = value
                    rowMinimum = min(rowMinimum, value)
                }
                if rowMinimum > limit { return beyond }
                swap(&previous, &current)
            }
            return min(previous[width], beyond)
        }
    }

    /// Levenshtein distance over the whole table.
    @inlinable
    package static func fullDistance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

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

    /// Levenshtein distance between two arrays; with a `limit`, exact when at most the limit and some larger
    /// number when more (a row whose every cell is past the limit ends the count).
    @inlinable
    package static func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element], beyond limit: Int?) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if let limit, rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

import Foundation

/// How a spoken name matches the names an app knows: the rule the sample apps use to choose between
/// success, confirmation, disambiguation, "be more specific" and "unknown".
public enum NameMatch: Equatable, Sendable {
    /// Exactly one name is meant.
    case exact(String)
    /// One name contains what was said ("Great" → "Bobo the Great"): confirm it.
    case partial(String)
    /// One name is spelled nearly the same ("Kikki" → "Kiki"): confirm it.
    case close(String)
    /// 2 to 10 names fit: let the user choose.
    case several([String])
    /// More than 10 fit: ask for more detail.
    case tooMany(Int)
    /// Nothing fits.
    case none

    /// Matches `spoken` against `names` (in the app's priority order).
    public static func find(_ spoken: String, in names: [String]) -> NameMatch {
        let key = fold(spoken)
        guard !key.isEmpty else { return .none }
        let exact = names.filter { fold($0) == key }
        if exact.count == 1 { return .exact(exact[0]) }
        let containing = exact.count > 1 ? exact : names.filter { words(of: $0).contains(key) || fold($0).contains(key) && key.count >= 4 }
        switch containing.count {
        case 1: return .partial(containing[0])
        case 2...10: return .several(containing)
        case let count where count > 10: return .tooMany(count)
        default: break
        }
        let close = names.map { ($0, distance(fold($0), key)) }.filter { $0.1 <= max(1, key.count / 4) }
            .min { $0.1 < $1.1 }
        if let close { return .close(close.0) }
        return .none
    }

    /// Lower case, no accents or punctuation, no leading "the", "my" or "a".
    static func fold(_ text: String) -> String {
        var words = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .filter { $0.isLetter || $0.isNumber || $0 == " " }
            .split(separator: " ")
        while words.count > 1, ["the", "my", "a", "an", "our"].contains(words[0]) { words.removeFirst() }
        return words.joined(separator: " ")
    }

    static func words(of name: String) -> [String] {
        let folded = fold(name)
        return [folded] + folded.split(separator: " ").map(String.init)
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

import Foundation

/// The sample apps' rule for matching a spoken name (Examples/MonkeyAppSupport/NameMatch.swift), for the
/// in-process twins of the sample apps: exact, partial or close (confirm), several (choose), none.
enum TwinNameMatch: Equatable {
    case exact(String), partial(String), close(String), several([String]), tooMany, none

    static func find(_ spoken: String, in names: [String]) -> TwinNameMatch {
        let key = fold(spoken)
        guard !key.isEmpty else { return .none }
        let exact = names.filter { fold($0) == key }
        if exact.count == 1 { return .exact(exact[0]) }
        let containing = exact.count > 1 ? exact
            : names.filter { words(of: $0).contains(key) || fold($0).contains(key) && key.count >= 4 }
        switch containing.count {
        case 1: return .partial(containing[0])
        case 2...10: return .several(containing)
        case let count where count > 10: return .tooMany
        default: break
        }
        let close = names.map { ($0, distance(fold($0), key)) }.filter { $0.1 <= max(1, key.count / 4) }.min { $0.1 < $1.1 }
        return close.map { .close($0.0) } ?? .none
    }

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

import Foundation

/// How many real out-of-scope requests use each word, for one language: derived from public corpora
/// by `Scripts/derive_outofscope_words.py` (NOTICE credits them) and shipped as a resource. Words are
/// folded as requests are.
struct OutOfScopeTable: Sendable {
    /// How many requests the counts come from.
    let requests: Int
    /// Uses per folded word.
    let counts: [String: Int]

    /// A table too small to speak for a language is not used.
    static let minimumRequests = 50

    /// The words the table knows.
    var words: Set<String> { Set(counts.keys) }

    /// The share of requests using a word.
    func share(of word: String) -> Double {
        Double(counts[word] ?? 0) / Double(max(requests, 1))
    }

    /// The table shipped for a language, if any (and large enough).
    static func load(_ language: String) -> OutOfScopeTable? {
        sourceText(language).flatMap(parse)
    }

    /// The text of the table shipped for a language, if any.
    static func sourceText(_ language: String) -> String? {
        guard let url = Bundle.module.url(forResource: "outofscope-words", withExtension: "tsv",
                                          subdirectory: "Languages/" + language) else { return nil }
        return try? String(contentsOf: url, encoding: .utf8)
    }

    /// Reads "#requests<TAB>N" then "word<TAB>count" lines; nil when the header is missing or too small.
    static func parse(_ text: String) -> OutOfScopeTable? {
        var requests = 0
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count == 2, let count = Int(fields[1]) else { continue }
            if fields[0] == "#requests" {
                requests = count
                continue
            }
            // Single letters say nothing, except a han or kana character, which is a word of its own.
            for key in TextFolding.tokenKeys(String(fields[0])) where key.count > 1 || CharacterClass.unspacedScript(key) != nil {
                counts[key, default: 0] += count
            }
        }
        guard requests >= minimumRequests else { return nil }
        return OutOfScopeTable(requests: requests, counts: counts)
    }
}

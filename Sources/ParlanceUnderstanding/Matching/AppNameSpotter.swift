import Intents

/// Finds where a request names an installed app: its display name, spoken or localized name or an
/// alternative name, written as one word or several ("MonkeyChat", "monkey chat"), with a small
/// misspelling ("MonkyChat"), anywhere in the sentence, also used as a verb.
struct AppNameSpotter: Sendable {
    /// A place in the request that names an app.
    struct Mention: Sendable, Equatable {
        var appIdentifier: String
        var tokens: Range<Int>
        /// 0 for an exact match; the edit distance for a misspelling.
        var distance: Int
        /// Other apps that go by exactly the same name (an impostor's display name): the mention names
        /// none of them for sure, and the conversation asks which.
        var namesakes: [String] = []

        /// Every app the mention may mean, `appIdentifier` first.
        var apps: [String] { [appIdentifier] + namesakes }
    }

    private struct Name: Sendable {
        var appIdentifier: String
        var keys: [String]
        var joined: String
        /// `joined`'s characters, for the edit distance.
        var characters: [Character]
        /// `joined`'s bytes when it is all ASCII (one byte a character): the edit distance on bytes.
        var ascii: [UInt8]?
        var isCommonWord: Bool
    }

    private let names: [Name]
    private let byJoinedKey: [String: [Int]]
    /// The longest name, in bytes and in characters: words joined past both are no app's name, spelled right or not.
    private let longestNameBytes: Int
    private let longestNameCharacters: Int
    private let cues: Set<String>
    private let commonWords: Set<String>

    /// - Parameters:
    ///   - apps: each app's identifier and every name it goes by.
    ///   - commonWords: words of the language's requests; an app named with one of them ("Messages")
    ///     counts only after a cue word ("on Messages").
    ///   - cues: words that introduce an app name ("on", "with", "using").
    init(apps: [(identifier: String, names: [String])], commonWords: Set<String>, cues: Set<String>) {
        var names: [Name] = []
        for app in apps {
            var seen = Set<String>()
            for name in app.names {
                let keys = TextFolding.tokenKeys(name).map(Self.strippingPossessive)
                let joined = keys.joined()
                guard !joined.isEmpty, seen.insert(joined).inserted else { continue }
                names.append(Name(appIdentifier: app.identifier, keys: keys, joined: joined, characters: Array(joined),
                                  ascii: Self.asciiBytes(joined), isCommonWord: keys.count == 1 && commonWords.contains(joined)))
            }
        }
        self.names = names
        self.byJoinedKey = Dictionary(grouping: names.indices, by: { names[$0].joined })
        longestNameBytes = names.map(\.joined.utf8.count).max() ?? 0
        longestNameCharacters = names.map(\.characters.count).max() ?? 0
        self.cues = cues
        self.commonWords = commonWords
    }

    var isEmpty: Bool { names.isEmpty }

    /// Every app mention, left to right, not overlapping.
    func mentions(in tokens: [Token]) -> [Mention] {
        guard !names.isEmpty else { return [] }
        var found: [Mention] = []
        var index = 0
        while index < tokens.count {
            if let mention = mention(in: tokens, at: index) {
                found.append(mention)
                index = mention.tokens.upperBound
            } else {
                index += 1
            }
        }
        return found
    }

    private func mention(in tokens: [Token], at start: Int) -> Mention? {
        guard tokens[start].kind == .word || tokens[start].kind == .ideograph || tokens[start].kind == .number else { return nil }
        var best: Mention?
        var joined = ""
        var containsCommonWord = false
        for length in 1...min(4, tokens.count - start) {
            let token = tokens[start + length - 1]
            guard token.kind != .punctuation, token.kind != .symbol else { break }
            let key = Self.strippingPossessive(token.key)
            joined += key
            // "a hopp" must not pass for a misspelled "Hopp": misspellings are of the name's own words.
            if commonWords.contains(key) || key.count < 2 { containsCommonWord = true }
            // Joining more words only makes it longer: past every name's length (and the misspelling allowed), stop.
            if joined.utf8.count > longestNameBytes, containsCommonWord || joined.count > longestNameCharacters + 2 { break }
            let range = start..<(start + length)
            // Never one of several apps with the same name picked silently: all of them are the mention's.
            var exact: [String] = []
            for index in byJoinedKey[joined] ?? [] where acceptable(names[index], at: start, in: tokens)
                && !exact.contains(names[index].appIdentifier) {
                exact.append(names[index].appIdentifier)
            }
            if let first = exact.first {
                best = Mention(appIdentifier: first, tokens: range, distance: 0, namesakes: Array(exact.dropFirst()))
            }
            // A string has no more characters than bytes: the byte count rules out most words cheaply.
            if best == nil, !containsCommonWord, joined.utf8.count >= 5, joined.count >= 5,
               let fuzzy = fuzzyMatch(joined, range: range, tokens: tokens) {
                best = fuzzy
            }
        }
        return best
    }

    private func acceptable(_ name: Name, at start: Int, in tokens: [Token]) -> Bool {
        guard name.isCommonWord else { return true }
        guard start > 0 else { return false }
        return cues.contains(tokens[start - 1].key) || tokens[start - 1].key == "the"
            && start > 1 && cues.contains(tokens[start - 2].key)
    }

    /// The one app whose name is closest to a misspelled word, if it is close and not a tie.
    private func fuzzyMatch(_ word: String, range: Range<Int>, tokens: [Token]) -> Mention? {
        let ascii = Self.asciiBytes(word)
        // Characters are only needed for a word or a name beyond ASCII; an ASCII word has one per byte.
        var characters: [Character]?
        let length = ascii?.count ?? word.count
        let allowed = length >= 9 ? 2 : 1
        var best: (index: Int, distance: Int)?
        var tie = false
        for (index, name) in names.enumerated() where !name.isCommonWord && abs(name.characters.count - length) <= allowed {
            let distance: Int
            if let ascii, let nameASCII = name.ascii {
                distance = Suggestion.editDistance(ascii, nameASCII, beyond: allowed)
            } else {
                let wordCharacters = characters ?? Array(word)
                characters = wordCharacters
                distance = Suggestion.editDistance(wordCharacters, name.characters, beyond: allowed)
            }
            guard distance <= allowed, distance > 0 else { continue }
            if let current = best {
                if distance < current.distance {
                    best = (index, distance)
                    tie = false
                } else if distance == current.distance, names[current.index].appIdentifier != name.appIdentifier {
                    tie = true
                }
            } else {
                best = (index, distance)
            }
        }
        guard let best, !tie else { return nil }
        return Mention(appIdentifier: names[best.index].appIdentifier, tokens: range, distance: best.distance)
    }

    private static func asciiBytes(_ text: String) -> [UInt8]? {
        text.utf8.allSatisfy { $0 < 0x80 } ? Array(text.utf8) : nil
    }

    private static func strippingPossessive(_ key: String) -> String {
        key.hasSuffix("'s") && key.count > 3 ? String(key.dropLast(2)) : key
    }
}

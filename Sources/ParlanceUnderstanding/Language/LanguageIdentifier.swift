import Synchronization

/// Tells which supported language a request is in, from the words each language's pack uses: its
/// function words, answer words and the words of its phrasing templates. Names, numbers and app
/// names count for no language, so "MonkeyChat Bobo" stays in the language it was asked in.
enum LanguageIdentifier {
    private static let vocabularies = Mutex<[String: Set<String>]>([:])

    /// The language the text is clearly in, if it is not `expected`; nil to keep `expected`.
    static func clearlyOther(than expected: LanguagePack, in utterance: Utterance) -> LanguagePack? {
        let words = utterance.tokens.filter { ($0.kind == .word && !$0.isCapitalized) || $0.kind == .ideograph }.map(\.key)
        guard !words.isEmpty else { return nil }
        let ownVocabulary = vocabulary(of: expected)
        let own = Double(words.count(where: ownVocabulary.contains)) / Double(words.count)
        if own >= 0.8 { return nil }  // most requests: clearly the expected language, no need to score the others
        // One look-up per word tells every language it belongs to.
        let table = memberships()
        var counts = [Int](repeating: 0, count: table.codes.count)
        for word in words {
            guard var mask = table.languagesOfWord[word] else { continue }
            while mask != 0 {
                counts[mask.trailingZeroBitCount] += 1
                mask &= mask - 1
            }
        }
        let best = table.codes.indices.filter { table.codes[$0] != expected.code }.max { counts[$0] < counts[$1] }
        guard let best else { return nil }
        let otherScore = Double(counts[best]) / Double(words.count)
        // One word decides only when it belongs to the other language alone ("appelle Bobo").
        let margin = words.count == 1 ? 1.0 : 0.3
        guard otherScore >= 0.6, otherScore - own >= margin else { return nil }
        return LanguageCatalog.pack(for: table.codes[best])
    }

    /// Every supported language's words in one table: for each word, a bit per language (in `codes`' order).
    private struct Memberships: Sendable {
        let codes: [String]
        let languagesOfWord: [String: UInt32]
    }

    private static let memberTable = Mutex<Memberships?>(nil)

    private static func memberships() -> Memberships {
        if let table = memberTable.withLock({ $0 }) { return table }
        let packs = LanguageCatalog.packs.values.sorted { $0.code < $1.code }
        var languagesOfWord: [String: UInt32] = [:]
        for (bit, pack) in packs.enumerated() {
            for word in vocabulary(of: pack) { languagesOfWord[word, default: 0] |= 1 << UInt32(bit) }
        }
        let table = Memberships(codes: packs.map(\.code), languagesOfWord: languagesOfWord)
        memberTable.withLock { $0 = $0 ?? table }
        return table
    }

    /// Takes a language's words as the model cache kept them, so a start need not read the templates for them.
    static func remember(_ words: Set<String>, for language: String) {
        vocabularies.withLock { known in
            if known[language] == nil { known[language] = words }
        }
    }

    /// The words of a language: its function words, answer words and the words of its templates.
    static func vocabulary(of pack: LanguagePack) -> Set<String> {
        if let known = vocabularies.withLock({ $0[pack.code] }) { return known }
        var words = pack.functionWords
        let answers = pack.answers.yes + pack.answers.no + pack.answers.cancel
        let templates = (pack.phrasing.templates.values.flatMap { $0 } + pack.phrasing.outOfScope).map(\.literalText)
        for text in answers + templates + pack.phrasing.politePrefixes {
            // Slots ("{recipients}") and template marks are no words of the language.
            var inSlot = false
            let plain = text.map { character -> Character in
                if character == "{" { inSlot = true }
                defer { if character == "}" { inSlot = false } }
                return inSlot || "(){}[]|:".contains(character) ? " " : character
            }
            for token in Utterance(String(plain)).tokens where token.kind == .word || token.kind == .ideograph {
                words.insert(token.key)
            }
        }
        vocabularies.withLock { $0[pack.code] = words }
        return words
    }
}

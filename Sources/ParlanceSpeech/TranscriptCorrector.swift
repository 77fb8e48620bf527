import Foundation

/// Reads a transcript again with the names the assistant knows — the apps' names, the user's contacts, the
/// apps' vocabulary — where a recogniser that writes ordinary spelling wrote them as other words: "Send key key
/// 55 pounds" may be "Send Kiki 55 pounds", "on Monkey Church" may be "on MonkeyChat", "Request $25 from
/// Kitty" may be from Kiki.
///
/// Only words of one to three that sound like a name (or are spelled like it: "monkey chat") are replaced, and
/// only candidates come back: the transcript as heard stays a reading of its own, and understanding decides
/// which one the person meant ("buy a cake" stays a cake unless it is where a person's name goes).
public struct TranscriptCorrector: Sendable {
    /// A name and how it sounds.
    struct Term: Sendable {
        var name: String
        /// Its letters without case, accents, spaces or marks ("monkeychat").
        var letters: String
        var keys: [SoundKey]
    }

    let terms: [Term]
    let sounds: any WordSounds
    /// The most candidates a transcript gets.
    public var limit = 6

    /// A corrector for `names` in `language`, with the way this machine has to tell how its words sound.
    public init(names: [SpokenName], language: String) {
        self.init(names: names, sounds: WordSoundsCatalog.sounds(for: language))
    }

    /// A corrector for `names`, telling how words sound with `sounds`. Only names are kept: terms with a
    /// capital letter, or with no letters that have case (kana, han); a lower-case term ("beach", a photo tag)
    /// is an ordinary word, and ordinary words are never rewritten.
    public init(names: [SpokenName], sounds: any WordSounds) {
        self.sounds = sounds
        var seen = Set<String>()
        let kept = names.filter { name in
            name.text.contains(where: \.isUppercase) || !name.text.contains(where: { $0.isLowercase })
        }.filter { seen.insert($0.text).inserted }
        let wordsOfNames = kept.map { name in
            (name, TranscriptWords(name.text).words.map(\.text), name.soundsLike.map { TranscriptWords($0).words.map(\.text) })
        }
        let allWords = wordsOfNames.flatMap { $0.1 + ($0.2 ?? []) }
        let said = sounds.keys(for: allWords)
        func key(_ words: [String]) -> SoundKey? {
            guard !words.isEmpty else { return nil }
            return SoundKey.joined(words.map { said[$0.lowercased()] ?? SpellingWordSounds.key($0) })
        }
        terms = wordsOfNames.compactMap { name, words, soundsLike in
            let letters = Self.letters(name.text)
            guard !letters.isEmpty else { return nil }
            let keys = [key(words), soundsLike.flatMap(key)].compactMap { $0 }.filter { !$0.phones.isEmpty }
            return Term(name: name.text, letters: letters, keys: keys)
        }
    }

    /// The transcript read with names in it, closest first: each name found on its own, and all of them
    /// together when there are several; empty when no words sound like a name (or they are written as one).
    public func corrections(of transcript: String) -> [TranscriptCorrection] {
        let words = TranscriptWords(transcript).words
        guard !words.isEmpty, !terms.isEmpty else { return [] }
        let said = sounds.keys(for: words.map(\.text))
        var matches: [Match] = []
        var exact: [Range<Int>] = []
        for start in words.indices {
            for length in 1...3 where start + length <= words.count {
                let span = start..<(start + length)
                if length > 1, !words[(start + 1)..<(start + length)].allSatisfy(\.joinsPrevious) { break }
                let heard = String(transcript[words[start].range.lowerBound..<words[start + length - 1].range.upperBound])
                let found = candidates(for: span, heard: heard, words: words, said: said)
                if found.contains(where: { $0.name == heard }) { exact.append(span) } else { matches += found }
            }
        }
        // Words already written as a name are that name.
        matches.removeAll { match in exact.contains { $0.overlaps(match.span) } }
        matches.sort { ($0.distance, -$0.span.count, $0.span.lowerBound) < ($1.distance, -$1.span.count, $1.span.lowerBound) }
        var together: [Match] = []
        for match in matches where !together.contains(where: { $0.span.overlaps(match.span) }) { together.append(match) }
        var readings = matches.prefix(limit).map { reading([$0], of: transcript, words: words) }
        if together.count > 1 { readings.insert(reading(together, of: transcript, words: words), at: 0) }
        var seen = Set<String>()
        return readings.filter { $0.text != transcript && seen.insert($0.text).inserted }
    }

    /// Words of the transcript taken for a name.
    struct Match {
        var span: Range<Int>
        var name: String
        var distance: Double
    }

    /// The names the words could be: one spelled as they are, else those that sound close enough.
    private func candidates(for span: Range<Int>, heard: String, words: [TranscriptWords.Word],
                            said: [String: SoundKey]) -> [Match] {
        let letters = Self.letters(heard)
        if let spelled = terms.first(where: { $0.letters == letters }) {
            return [Match(span: span, name: spelled.name, distance: 0)]
        }
        guard let key = soundKey(of: span, words: words, said: said) else { return [] }
        var found: [Match] = []
        for term in terms {
            // Part of a name is not the name: "Monkey" is not MonkeyPay, "Kiki's" is not Kiki.
            guard !term.letters.hasPrefix(letters), !letters.hasPrefix(term.letters) else { continue }
            let distances = term.keys.compactMap { termKey -> Double? in
                // A name of one or two sounds is too easily heard in other words; a name's first sound is the one
                // recognisers keep ("Book a ride" is no MonkeyRide).
                guard termKey.phones.count >= 3, let first = termKey.phones.first, let heardFirst = key.phones.first,
                      SoundKey.substitution(first, heardFirst) <= 0.5,
                      abs(termKey.phones.count - key.phones.count) <= max(2, termKey.phones.count / 2)
                else { return nil }
                let distance = key.distance(to: termKey)
                return distance < Self.threshold(termKey.phones.count) ? distance : nil
            }
            guard let distance = distances.min() else { continue }
            // Every word of the span brings it closer to the name: "Bob I'm" is not Bobo, "Monkey about" no
            // MonkeyChat, when the words without the last one are as close.
            if span.count > 1 {
                let cost = term.keys.map { key.cost(to: $0) }.min() ?? 0
                let inner = [span.dropFirst(), span.dropLast()].compactMap { soundKey(of: $0, words: words, said: said) }
                if inner.contains(where: { part in term.keys.contains { part.cost(to: $0) <= cost } }) { continue }
            }
            found.append(Match(span: span, name: term.name, distance: distance))
        }
        return found
    }

    /// The sound of the words of a span, when every one of them can be said.
    private func soundKey(of span: Range<Int>, words: [TranscriptWords.Word], said: [String: SoundKey]) -> SoundKey? {
        let keys = span.compactMap { said[words[$0].text.lowercased()] }
        guard !span.isEmpty, keys.count == span.count else { return nil }
        return SoundKey.joined(keys)
    }

    /// How far words may sound from a name of `length` phones and still be read as it: less for short names.
    static func threshold(_ length: Int) -> Double {
        length >= 4 ? 0.3 : 0.2
    }

    private func reading(_ chosen: [Match], of transcript: String, words: [TranscriptWords.Word]) -> TranscriptCorrection {
        var text = ""
        var cursor = transcript.startIndex
        var replacements: [TranscriptCorrection.Replacement] = []
        for match in chosen.sorted(by: { $0.span.lowerBound < $1.span.lowerBound }) {
            let range = words[match.span.lowerBound].range.lowerBound..<words[match.span.upperBound - 1].range.upperBound
            replacements.append(.init(heard: String(transcript[range]), name: match.name, distance: match.distance))
            text += transcript[cursor..<range.lowerBound] + match.name
            cursor = range.upperBound
        }
        text += transcript[cursor...]
        return TranscriptCorrection(text: text, replacements: replacements)
    }

    /// A name as compared with another: without case, accents, widths or marks ("Monkey-Chat", "monkeychat").
    public static func normalized(_ name: String) -> String { letters(name) }

    /// Letters without case, accents or widths, and nothing else ("Monkey-Chat" → "monkeychat"); kana in rōmaji.
    static func letters(_ text: String) -> String {
        (KanaReading.romaji(text) ?? text).precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .filter { $0.isLetter }
    }
}

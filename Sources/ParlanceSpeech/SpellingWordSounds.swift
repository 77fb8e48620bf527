import Foundation

/// Words' sounds guessed from their spelling, by rules most Latin-script languages share ("ph" is f, "ck" is k,
/// "c" before e or i is s, doubled letters are one), with kana read as rōmaji: what is left where no dictionary
/// or espeak-ng can say a word, and for Japanese, whose recogniser writes a name in katakana ("キキ" for Kiki).
public struct SpellingWordSounds: WordSounds {
    public init() {}

    public func keys(for words: [String]) -> [String: SoundKey] {
        var keys: [String: SoundKey] = [:]
        for word in words {
            let key = Self.key(word)
            if !key.phones.isEmpty { keys[word.lowercased()] = key }
        }
        return keys
    }

    /// The key of one word.
    static func key(_ word: String) -> SoundKey {
        let romanized = KanaReading.romaji(word) ?? word
        let letters = Array(romanized.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .filter { $0.isASCII && $0.isLetter })
        var phones: [String] = []
        var index = 0
        func at(_ offset: Int) -> Character? { index + offset < letters.count ? letters[index + offset] : nil }
        while index < letters.count {
            let letter = letters[index]
            let next = at(1)
            var phone: [String]
            var used = 1
            switch letter {
            case "s" where next == "c" && at(2) == "h": phone = ["ʃ"]; used = 3
            case "s" where next == "h", "c" where next == "h": phone = ["ʃ"]; used = 2
            case "t" where next == "h", "p" where next == "h":
                phone = [letter == "t" ? "t" : "f"]; used = 2
            case "c" where next == "k", "q" where next == "u": phone = ["k"]; used = 2
            case "c": phone = next.map { "eiy".contains($0) } == true ? ["s"] : ["k"]
            case "q": phone = ["k"]
            case "x": phone = ["k", "s"]
            case "g" where next == "h": phone = ["g"]; used = 2
            case "y": phone = next.map { "aeiou".contains($0) } == true ? ["j"] : ["i"]
            case "e" where next == "e" || next == "a", "i" where next == "e": phone = ["i"]; used = 2
            case "o" where next == "o" || next == "u": phone = ["u"]; used = 2
            case "a" where next == "i" || next == "y", "e" where next == "i": phone = ["e"]; used = 2
            case "a", "e", "i", "o", "u": phone = [String(letter)]
            case "h" where !phones.isEmpty: phone = []
            default: phone = [String(letter)]
            }
            for sound in phone where phones.last != sound { phones.append(sound) }
            index += used
        }
        return SoundKey(phones)
    }
}

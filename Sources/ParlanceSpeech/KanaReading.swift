/// Kana read as rōmaji ("キキ" is "kiki", "ボボ" is "bobo", "チャット" is "chatto"), so that a name a Japanese
/// transcript writes in kana can be compared with the name as written in Latin letters.
enum KanaReading {
    /// The word in rōmaji; nil when it has no kana, or letters other than kana.
    static func romaji(_ word: String) -> String? {
        var syllables: [String] = []
        var sawKana = false
        for scalar in word.unicodeScalars {
            // Hiragana as its katakana.
            let value = (0x3041...0x3096).contains(scalar.value) ? scalar.value + 0x60 : scalar.value
            guard let katakana = Unicode.Scalar(value) else { return nil }
            if let syllable = table[Character(katakana)] {
                syllables.append(syllable)
            } else if let vowel = smallVowels[Character(katakana)], let last = syllables.popLast() {
                syllables.append(String(last.dropLast()) + vowel)  // "ティ" is ti, "ファ" fa
            } else if let glide = smallGlides[Character(katakana)], let last = syllables.popLast() {
                let stem = last.hasSuffix("hi") || last.hasSuffix("ji") ? String(last.dropLast()) : String(last.dropLast()) + "y"
                syllables.append(stem + glide)  // "キャ" is kya, "シャ" sha
            } else if katakana == "ッ" || katakana == "ー" || katakana == "・" {
                // A doubled consonant or a long vowel: heard as the one before.
            } else {
                return nil
            }
            sawKana = true
        }
        return sawKana ? syllables.joined() : nil
    }

    private static let smallVowels: [Character: String] = ["ァ": "a", "ィ": "i", "ゥ": "u", "ェ": "e", "ォ": "o"]
    private static let smallGlides: [Character: String] = ["ャ": "a", "ュ": "u", "ョ": "o"]

    private static let table: [Character: String] = {
        let rows: [(String, [String])] = [
            ("アイウエオ", ["a", "i", "u", "e", "o"]), ("カキクケコ", ["ka", "ki", "ku", "ke", "ko"]),
            ("ガギグゲゴ", ["ga", "gi", "gu", "ge", "go"]), ("サシスセソ", ["sa", "shi", "su", "se", "so"]),
            ("ザジズゼゾ", ["za", "ji", "zu", "ze", "zo"]), ("タチツテト", ["ta", "chi", "tsu", "te", "to"]),
            ("ダヂヅデド", ["da", "ji", "zu", "de", "do"]), ("ナニヌネノ", ["na", "ni", "nu", "ne", "no"]),
            ("ハヒフヘホ", ["ha", "hi", "fu", "he", "ho"]), ("バビブベボ", ["ba", "bi", "bu", "be", "bo"]),
            ("パピプペポ", ["pa", "pi", "pu", "pe", "po"]), ("マミムメモ", ["ma", "mi", "mu", "me", "mo"]),
            ("ヤユヨ", ["ya", "yu", "yo"]), ("ラリルレロ", ["ra", "ri", "ru", "re", "ro"]), ("ワヲンヴ", ["wa", "o", "n", "vu"])]
        var table: [Character: String] = [:]
        for (kana, sounds) in rows {
            for (character, sound) in zip(kana, sounds) { table[character] = sound }
        }
        return table
    }()
}

extension SoundKey {
    /// The key of CMU phones ("K OW1 K OW0"); stress digits are dropped, diphthongs become two vowels.
    public init(cmu phones: String) {
        let table: [String: [String]] = [
            "AA": ["a"], "AE": ["a"], "AH": ["@"], "AO": ["o"], "AW": ["a", "u"], "AY": ["a", "i"], "EH": ["e"],
            "ER": ["@", "r"], "EY": ["e"], "IH": ["i"], "IY": ["i"], "OW": ["o"], "OY": ["o", "i"], "UH": ["u"],
            "UW": ["u"], "B": ["b"], "CH": ["tʃ"], "D": ["d"], "DH": ["ð"], "F": ["f"], "G": ["g"], "HH": ["h"],
            "JH": ["dʒ"], "K": ["k"], "L": ["l"], "M": ["m"], "N": ["n"], "NG": ["ŋ"], "P": ["p"], "R": ["r"],
            "S": ["s"], "SH": ["ʃ"], "T": ["t"], "TH": ["θ"], "V": ["v"], "W": ["w"], "Y": ["j"], "Z": ["z"],
            "ZH": ["ʒ"]]
        self.init(phones.split(separator: " ").flatMap { phone in
            table[String(phone.filter(\.isLetter)).uppercased()] ?? []
        })
    }

    /// The key of an IPA transcription as espeak-ng writes it ("kˈoːkoː", "mˈɔnkaɪ (en)tʃˈat(de)"): stress,
    /// length and language-switch marks are dropped, every vowel becomes one of the coarse six.
    public init(ipa text: String) {
        var phones: [String] = []
        var skipping = false
        for scalar in text.unicodeScalars {
            if scalar == "(" { skipping = true; continue }
            if scalar == ")" { skipping = false; continue }
            guard !skipping else { continue }
            let symbol = String(scalar)
            // An affricate is one phone: "t" then "ʃ" is tʃ.
            if let last = phones.last, (last == "t" && symbol == "ʃ") || (last == "d" && symbol == "ʒ") {
                phones[phones.count - 1] = last + symbol
                continue
            }
            if let phone = Self.ipa[symbol] {
                if phone.isEmpty { continue }
                phones.append(phone)
            } else if scalar.properties.isAlphabetic && scalar.isASCII {
                phones.append(symbol.lowercased())
            }
        }
        // A long vowel written twice ("aa" after mapping) is one vowel.
        var merged: [String] = []
        for phone in phones where !(Self.vowels.contains(phone) && merged.last == phone) { merged.append(phone) }
        self.init(merged)
    }

    /// IPA symbols and the coarse phone each stands for; "" for marks that are dropped.
    private static let ipa: [String: String] = [
        "a": "a", "ɑ": "a", "ɐ": "a", "æ": "a", "ʌ": "a", "ɒ": "o", "ɶ": "o",
        "e": "e", "ɛ": "e", "œ": "o", "ø": "o", "ɜ": "@", "ə": "@", "ɚ": "@", "ɝ": "@", "ɘ": "@", "ᵻ": "i",
        "i": "i", "ɪ": "i", "y": "i", "ʏ": "i", "ɨ": "i",
        "o": "o", "ɔ": "o", "ɤ": "o",
        "u": "u", "ʊ": "u", "ɯ": "u", "ʉ": "u",
        "ʃ": "ʃ", "ʒ": "ʒ", "θ": "θ", "ð": "ð", "ŋ": "ŋ", "ɲ": "n", "ʎ": "l", "ɫ": "l", "ɭ": "l",
        "ɡ": "g", "ç": "x", "χ": "x", "x": "x", "ʁ": "r", "ɾ": "r", "ɹ": "r", "ʀ": "r", "r": "r", "ɻ": "r",
        "ɣ": "g", "β": "v", "ɕ": "ʃ", "ʑ": "ʒ", "ʂ": "ʃ", "ʐ": "ʒ", "ɥ": "j", "j": "j", "w": "w", "h": "h", "ɦ": "h",
        "c": "k", "q": "k",
        "ˈ": "", "ˌ": "", "ː": "", "ˑ": "", "ʔ": "", "‿": "", "͡": "", "̃": "", "̩": "", "̯": "", "-": ""]
}

/// How the words of one language sound: a sound key for each word it can say.
public protocol WordSounds: Sendable {
    /// The key of each word (lower case, as written) it can say; words it cannot are left out.
    func keys(for words: [String]) -> [String: SoundKey]
}

/// The best way this machine has to tell how a language's words sound.
public enum WordSoundsCatalog {
    /// English from the CMU dictionary (espeak-ng for the words it lacks), German, French and Italian from
    /// espeak-ng, and spelling rules where neither is installed or for Japanese and Chinese.
    public static func sounds(for language: String) -> any WordSounds {
        let base = String(language.lowercased().prefix { $0 != "-" && $0 != "_" })
        if base == "en", let lexicon = LexiconWordSounds.shared { return lexicon }
        if base != "ja", base != "zh", let voice = EspeakSynthesizer.voices[base], let espeak = EspeakWordSounds(voice: voice) {
            return espeak
        }
        return SpellingWordSounds()
    }
}

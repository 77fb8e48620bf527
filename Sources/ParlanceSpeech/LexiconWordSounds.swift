/// English words' sounds from the CMU pronunciation dictionary, with espeak-ng's reading (as CMU phones) of
/// the words it lacks ("Benaneu"), as the offline recogniser pronounces them.
public struct LexiconWordSounds: WordSounds {
    let lexicon: PronunciationLexicon

    public init(lexicon: PronunciationLexicon) {
        self.lexicon = lexicon
    }

    /// The dictionary of this machine, read once per process; nil when it is not installed.
    public static let shared: LexiconWordSounds? = {
        // Reading is all that happens here: a missing dictionary means another way to tell sounds.
        guard let lexicon = try? PronunciationLexicon() else { return nil }
        return LexiconWordSounds(lexicon: lexicon)
    }()

    public func keys(for words: [String]) -> [String: SoundKey] {
        let wanted = words.map { $0.lowercased() }.filter { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0 == "'" } }
        var keys: [String: SoundKey] = [:]
        for (word, pronunciations) in lexicon.pronounce(wanted) {
            guard let first = pronunciations.first else { continue }
            let key = SoundKey(cmu: first)
            if !key.phones.isEmpty { keys[word] = key }
        }
        return keys
    }
}

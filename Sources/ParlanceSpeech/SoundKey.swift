/// How a word or phrase sounds, as a sequence of coarse phones that CMU phones (English) and espeak-ng's IPA
/// (every other language) both map to, so that "cake" and "Coco", "key key" and "Kiki" can be compared by how
/// far apart they sound rather than how they are spelled.
///
/// Vowels are a, e, i, o, u and @ (a weak vowel); consonants are written as in IPA with ʃ, ʒ, θ, ð, ŋ, and
/// tʃ, dʒ as single phones.
public struct SoundKey: Sendable, Hashable {
    /// The phones, in order.
    public var phones: [String]

    public init(_ phones: [String]) {
        self.phones = phones
    }

    /// The phones of several words said one after the other.
    public static func joined(_ keys: [SoundKey]) -> SoundKey {
        SoundKey(keys.flatMap(\.phones))
    }

    /// How far apart two keys sound, 0 (the same) to about 1 (nothing alike): the cheapest way to turn one into
    /// the other, where a vowel for another vowel or a consonant for its voiced twin costs less than other
    /// changes, divided by the longer key's length.
    public func distance(to other: SoundKey) -> Double {
        guard !phones.isEmpty, !other.phones.isEmpty else { return phones.isEmpty && other.phones.isEmpty ? 0 : 1 }
        return cost(to: other) / Double(max(phones.count, other.phones.count))
    }

    /// The cheapest way to turn this key into the other, not divided by length.
    public func cost(to other: SoundKey) -> Double {
        let a = phones, b = other.phones
        guard !a.isEmpty else { return b.reduce(0) { $0 + Self.insertion($1) } }
        var previous = [0.0] + b.indices.map { index in b[...index].reduce(0) { $0 + Self.insertion($1) } }
        for i in a.indices {
            var current = [previous[0] + Self.insertion(a[i])]
            for j in b.indices {
                current.append(min(previous[j] + Self.substitution(a[i], b[j]),
                                   previous[j + 1] + Self.insertion(a[i]),
                                   current[j] + Self.insertion(b[j])))
            }
            previous = current
        }
        return previous[b.count]
    }

    static let vowels: Set<String> = ["a", "e", "i", "o", "u", "@"]
    /// Consonants that differ only in voicing, and other near pairs.
    private static let twins: Set<[String]> = [
        ["p", "b"], ["t", "d"], ["k", "g"], ["f", "v"], ["s", "z"], ["ʃ", "ʒ"], ["tʃ", "dʒ"], ["θ", "ð"],
        ["θ", "t"], ["ð", "d"], ["s", "ʃ"], ["tʃ", "ʃ"], ["n", "ŋ"], ["n", "m"], ["r", "l"], ["w", "v"],
        ["i", "j"], ["u", "w"], ["x", "h"], ["x", "k"]]

    static func substitution(_ a: String, _ b: String) -> Double {
        if a == b { return 0 }
        let vowelA = vowels.contains(a), vowelB = vowels.contains(b)
        if vowelA && vowelB { return a == "@" || b == "@" ? 0.3 : 0.5 }
        if twins.contains([a, b]) || twins.contains([b, a]) { return 0.5 }
        return 1
    }

    static func insertion(_ phone: String) -> Double {
        switch phone {
        case "@", "h": 0.4
        case "a", "e", "i", "o", "u", "j", "w": 0.6
        default: 1
        }
    }
}

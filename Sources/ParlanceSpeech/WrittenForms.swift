/// Gives a recogniser's lower-case words back the written form of the names among them ("monkeychat bobo"
/// → "MonkeyChat Bobo", "central station" → "Central Station"): understanding reads capitals as a sign of
/// a name, and the names should reach apps as their users write them.
public struct WrittenForms: Sendable {
    private var forms: [[String]: String] = [:]
    private var longest = 1

    public init() {}

    /// Learns the written form of each phrase that has a capital letter.
    public mutating func learn<S: Sequence>(_ phrases: S) where S.Element == String {
        for phrase in phrases where phrase.contains(where: \.isUppercase) {
            let words = SpokenWords.words(phrase)
            guard !words.isEmpty, forms[words] == nil else { continue }
            forms[words] = phrase
            longest = max(longest, words.count)
        }
    }

    /// The text with every known phrase (longest first, left to right) in its written form, in any capitals and
    /// with the punctuation a transcript puts around it kept ("emma." → "Emma.", "Monkeychat," → "MonkeyChat,").
    public func apply(_ text: String) -> String {
        let words = text.split(separator: " ").map(Self.parts)
        var output: [String] = []
        var index = 0
        while index < words.count {
            var matched = false
            for length in stride(from: min(longest, words.count - index), through: 1, by: -1) {
                let span = words[index..<index + length]
                // Punctuation only before the phrase and after it, never inside.
                guard span.dropFirst().allSatisfy({ $0.before.isEmpty }), span.dropLast().allSatisfy({ $0.after.isEmpty }),
                      let form = forms[span.map { $0.core.lowercased() }] else { continue }
                output.append(span[index].before + form + span[index + length - 1].after)
                index += length
                matched = true
                break
            }
            if !matched {
                output.append(words[index].whole)
                index += 1
            }
        }
        return output.joined(separator: " ")
    }

    /// A word as what lies from its first letter or digit to its last ("emma's" whole) and the marks before and after
    /// them (quotes too: "'emma'" is "emma").
    private static func parts(_ word: Substring) -> (whole: String, before: String, core: String, after: String) {
        let isWordCharacter: (Character) -> Bool = { $0.isLetter || $0.isNumber }
        guard let first = word.firstIndex(where: isWordCharacter), let last = word.lastIndex(where: isWordCharacter) else {
            return (String(word), String(word), "", "")
        }
        return (String(word), String(word[..<first]), String(word[first...last]), String(word[word.index(after: last)...]))
    }
}

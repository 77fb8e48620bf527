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

    /// The text with every known phrase (longest first, left to right) in its written form.
    public func apply(_ text: String) -> String {
        let words = text.split(separator: " ").map(String.init)
        var output: [String] = []
        var index = 0
        while index < words.count {
            var matched = false
            for length in stride(from: min(longest, words.count - index), through: 1, by: -1) {
                if let form = forms[Array(words[index..<index + length])] {
                    output.append(form)
                    index += length
                    matched = true
                    break
                }
            }
            if !matched {
                output.append(words[index])
                index += 1
            }
        }
        return output.joined(separator: " ")
    }
}

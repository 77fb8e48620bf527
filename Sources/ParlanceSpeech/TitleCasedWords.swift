/// A transcript written in title case: Whisper sometimes capitalises every word of a short command ("Start A
/// Cycling Workout With MonkeyFit"), and understanding takes capitals for a name's ("Cycling Workout" as a
/// workout's name). In sentence case — only the first word capitalised — the names the user and the apps gave get
/// their capitals back from their written forms (`WrittenForms`), and the rest reads as words. "I" and words with
/// capitals inside ("MonkeyFit", "XL") keep theirs.
public enum TitleCasedWords {
    /// The text in sentence case when it is in title case: at least three words after the first, and three in four
    /// of them, start with a capital letter. nil otherwise, and in a language that capitalises its nouns
    /// (`capitalizedNouns`: German), where capitals are the language's own.
    public static func sentenceCased(_ text: String, capitalizedNouns: Bool) -> String? {
        guard !capitalizedNouns else { return nil }
        let words = text.split(whereSeparator: \.isWhitespace)
        let later = words.dropFirst().filter { $0.contains(where: \.isLetter) }
        let capitalized = later.filter { word in word.first(where: \.isLetter)?.isUppercase ?? false }
        guard capitalized.count >= 3, capitalized.count * 4 >= later.count * 3 else { return nil }
        var seenFirst = false
        return text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            guard word.contains(where: \.isLetter) else { return String(word) }
            defer { seenFirst = true }
            // The first word, "I", and words with capitals inside ("MonkeyFit", "XL") keep theirs.
            let letters = word.filter(\.isLetter)
            if !seenFirst || letters == "I" || word.hasPrefix("I'") || word.hasPrefix("I’")
                || letters.dropFirst().contains(where: \.isUppercase) {
                return String(word)
            }
            return word.lowercased()
        }.joined(separator: " ")
    }
}

/// Words a recogniser joined with hyphens: Whisper writes quickly spoken words as one ("Schick-Kiki-Affricht",
/// "Ruf-Bobo-an"), which reads as one unknown word. The same words apart are another reading of what was said.
public enum HyphenatedWords {
    /// The text with every hyphen between two letters made a space; nil when it has none ("E-Mail" is "E Mail").
    public static func spaced(_ text: String) -> String? {
        var characters = Array(text)
        var changed = false
        for index in characters.indices.dropFirst().dropLast() where characters[index] == "-"
            && characters[index - 1].isLetter && characters[index + 1].isLetter {
            characters[index] = " "
            changed = true
        }
        return changed ? String(characters) : nil
    }
}

import Foundation

/// Text as a recogniser's words: lower-case, punctuation gone, numbers spelled out (English).
public enum SpokenWords {
    /// The words of a sentence.
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        // A currency sign is said after the number it stands before: "$5" is "five dollars".
        var currency: String?
        func flush() {
            guard !current.isEmpty else { return }
            let trimmed = current.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            if let number = Int(trimmed) {
                words += spelled(number)
                if let said = currency {
                    words.append(number == 1 ? String(said.dropLast()) : said)
                    currency = nil
                }
            } else if !trimmed.isEmpty {
                words.append(trimmed)
                currency = nil
            }
            current = ""
        }
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "'" {
                current.append(character)
            } else {
                flush()
                if let said = currencies[character] { currency = said }
            }
        }
        flush()
        return words
    }

    /// Currency signs as said after an amount (plural; the singular drops the last letter).
    private static let currencies: [Character: String] = ["$": "dollars", "€": "euros", "£": "pounds"]

    static let ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                               "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                               "eighteen", "nineteen"]
    static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    /// A number as English words (digits one by one past 999,999).
    public static func spelled(_ number: Int) -> [String] {
        if number < 0 { return ["minus"] + spelled(-number) }
        if number < 20 { return [ones[number]] }
        if number < 100 { return [tens[number / 10]] + (number % 10 == 0 ? [] : [ones[number % 10]]) }
        if number < 1000 { return [ones[number / 100], "hundred"] + (number % 100 == 0 ? [] : spelled(number % 100)) }
        if number < 1_000_000 {
            return spelled(number / 1000) + ["thousand"] + (number % 1000 == 0 ? [] : spelled(number % 1000))
        }
        return String(number).compactMap { $0.wholeNumberValue }.map { ones[$0] }
    }
}

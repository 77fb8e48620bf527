import Foundation

/// How MonkeyPhotos matches words the user said ("the beach", "beaches", "jungle") against a photo's album
/// title, tags and place: word by word, without case or accents, a plural as its singular, and a word of
/// four letters or more as the start of a longer one ("jung" → "Jungle"). Every word said must match a word
/// of the same title, tag or place; little words ("the", "my", "vom", "de la") don't count, so a phrase of
/// only those matches nothing rather than everything.
enum PhotoWords {
    /// The words of a phrase that carry meaning, folded and singular.
    static func keywords(_ text: String) -> [String] {
        words(text).filter { !littleWords.contains($0) }.map(singular)
    }

    /// Whether every word said is a word (or the start of a word) of `field`.
    static func matches(_ said: String, _ field: String) -> Bool {
        let wanted = keywords(said)
        guard !wanted.isEmpty else { return false }
        let have = words(field).map(singular)
        return wanted.allSatisfy { word in
            have.contains { $0 == word || (word.count >= 4 && $0.hasPrefix(word)) }
        }
    }

    /// Whether what was said matches the photo's album title, one of its tags or its place.
    static func matches(_ said: String, photo: PhotoLibrary.Photo) -> Bool {
        ([photo.album, photo.place] + photo.tags).contains { matches(said, $0) }
    }

    private static func words(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split { !$0.isLetter && !$0.isNumber }
            .map(String.init)
    }

    /// "beaches" → "beach", "parties" → "party", "bananas" → "banana"; "glass" and "bus" stay.
    static func singular(_ word: String) -> String {
        if word.count > 4, word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.count > 4, ["ches", "shes", "sses", "xes", "zes"].contains(where: word.hasSuffix) { return String(word.dropLast(2)) }
        if word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us") { return String(word.dropLast()) }
        return word
    }

    /// Articles, possessives and prepositions of the six languages' requests, and words for photos themselves.
    private static let littleWords: Set<String> = [
        "the", "a", "an", "my", "our", "your", "from", "at", "in", "on", "of", "with", "to", "and", "some",
        "photo", "photos", "picture", "pictures", "pic", "pics", "image", "images",
        "der", "die", "das", "dem", "den", "des", "ein", "eine", "vom", "von", "am", "im", "beim", "meine", "meinen",
        "foto", "fotos", "bilder", "bild",
        "le", "la", "les", "l", "un", "une", "du", "de", "des", "au", "aux", "mes", "ma", "mon",
        "il", "lo", "i", "gli", "del", "della", "dei", "delle", "dal", "dalla", "al", "alla", "mie", "miei", "di",
    ]
}

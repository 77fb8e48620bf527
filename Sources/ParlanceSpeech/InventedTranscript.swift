/// What a recogniser wrote that nobody said. Given noise, or a voice it hears badly, Whisper can loop on a word or
/// a phrase ("ok ok ok ok ok…", "ゆきゆきゆきゆき") or write more words than anyone says in the time; such a
/// transcript is no request, and acting on any reading of it would be acting on words the person never said.
public enum InventedTranscript {
    /// Whether `text` repeats one unit of one to four words at least four times in a row (a single word five
    /// times); in Japanese and Chinese each character counts as a word. People do not talk like that to an
    /// assistant ("no no no" is three).
    public static func isLooping(_ text: String) -> Bool {
        let units = Self.units(of: text)
        guard units.count >= 5 else { return false }
        for size in 1...4 {
            let needed = size == 1 ? 5 : 4
            guard units.count >= size * needed else { break }
            var start = 0
            while start + size * needed <= units.count {
                var repeats = 1
                while start + size * (repeats + 1) <= units.count,
                      units[(start + size * repeats)..<(start + size * (repeats + 1))].elementsEqual(units[start..<(start + size)]) {
                    repeats += 1
                }
                if repeats >= needed { return true }
                start += 1
            }
        }
        return false
    }

    /// Whether `text` holds more words than a person says in `seconds` of speech: over six and a half words a
    /// second, and over eight words in all (two han or kana characters count as one word).
    public static func isTooFastToBeSpoken(_ text: String, seconds: Double) -> Bool {
        var spaced = 0
        var unspaced = 0
        for unit in units(of: text) {
            if unit.unicodeScalars.count == 1, let scalar = unit.unicodeScalars.first, isUnspaced(scalar) {
                unspaced += 1
            } else {
                spaced += 1
            }
        }
        let seconds = max(seconds, 0)
        return Double(spaced) + Double(unspaced) / 2 > max(8, 6.5 * seconds)
    }

    /// Lower-case words, with each han or kana character a word of its own; marks are no words.
    static func units(of text: String) -> [String] {
        var units: [String] = []
        var word = ""
        func close() {
            if !word.isEmpty { units.append(word) }
            word = ""
        }
        for character in text.lowercased() {
            if let scalar = character.unicodeScalars.first, isUnspaced(scalar) {
                close()
                units.append(String(character))
            } else if character.isLetter || character.isNumber || character == "'" || character == "’" {
                word.append(character)
            } else {
                close()
            }
        }
        close()
        return units
    }

    /// Han, hiragana and katakana: scripts written without spaces between words.
    private static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return true
        default: return false
        }
    }
}

/// Chinese as Parlance reads it: in simplified characters. Whisper writes Mandarin in traditional characters about
/// as often as in simplified ones ("明天早上7點"), and a spoken request has no script of its own, so a Chinese
/// transcript is read in simplified characters before it is understood.
public enum SimplifiedChinese {
    /// Each traditional character's simplified form, one character for one (`pairs`, generated).
    private static let table: [Character: Character] = {
        var table: [Character: Character] = [:]
        var traditional: Character?
        for character in pairs {
            if let from = traditional {
                table[from] = character
                traditional = nil
            } else {
                traditional = character
            }
        }
        return table
    }()

    /// `text` with every traditional character in its simplified form; everything else as it was.
    public static func simplified(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x3400 }) else { return text }
        return String(text.map { table[$0] ?? $0 })
    }
}

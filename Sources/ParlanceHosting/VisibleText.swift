/// Text from an app made harmless to show or store: every control character (C0, DEL, C1, so escape
/// sequences too) and every bidirectional override is replaced by a visible stand-in (␛ for escape,
/// `<U+9B>` for others), so a terminal never obeys it and a line cannot pretend to be two.
public enum VisibleText {
    /// `text` with its control characters shown, not obeyed; line feeds and tabs too unless `keepingLineBreaks`.
    public static func of(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsStandIn($0, keepingLineBreaks: keepingLineBreaks) }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsStandIn(scalar, keepingLineBreaks: keepingLineBreaks) else {
                result.append(scalar)
                continue
            }
            if scalar.value < 0x20, let picture = Unicode.Scalar(0x2400 + scalar.value) {
                result.append(picture)  // ␛, ␊, ␍…
            } else if scalar.value == 0x7F {
                result.append("\u{2421}")  // ␡
            } else {
                result.append(contentsOf: "<U+\(String(scalar.value, radix: 16, uppercase: true))>".unicodeScalars)
            }
        }
        return String(result)
    }

    private static func needsStandIn(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
        if keepingLineBreaks, scalar == "\n" || scalar == "\t" { return false }
        if scalar.properties.generalCategory == .control { return true }
        // Embeddings, overrides and isolates reorder what follows them.
        return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}

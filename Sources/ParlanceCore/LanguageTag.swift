/// Language tags as people and systems write them ("en", "en-US", "zh_Hans.UTF-8").
public enum LanguageTag {
    /// The language part of a tag, lower case ("en-US" → "en").
    public static func code(of tag: String) -> String {
        String(tag.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." }).first ?? "").lowercased()
    }
}

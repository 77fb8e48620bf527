import ParlanceCore

/// The languages understanding speaks.
public enum LanguageCatalog {
    /// Every language pack, by code.
    static let packs: [String: LanguagePack] = ["en": .english, "fr": .french, "de": .german, "it": .italian,
                                                 "zh": .chinese, "ja": .japanese]

    /// The codes of the supported languages.
    public static var supported: [String] { packs.keys.sorted() }

    /// The pack for a language tag ("en", "en-US", "en_GB"), if supported.
    static func pack(for tag: String) -> LanguagePack? {
        packs[code(of: tag)]
    }

    /// Whether a language tag names a supported language.
    public static func isSupported(_ tag: String) -> Bool {
        pack(for: tag) != nil
    }

    /// The language part of a tag, lower case ("en-US" → "en").
    public static func code(of tag: String) -> String {
        LanguageTag.code(of: tag)
    }
}

import Foundation
import ParlanceCore

/// The languages understanding speaks. This is the one place a language is registered: its code and
/// its date reader here, its words in `Resources/Languages/<code>/` (docs/phrasebooks.md).
public enum LanguageCatalog {
    /// The registered languages and the code that reads their dates and times.
    static let registered: [String: any DateReading] = [
        "en": EnglishDateReader(), "fr": FrenchDateReader(), "de": GermanDateReader(), "it": ItalianDateReader(),
        "zh": ChineseDateReader(), "ja": JapaneseDateReader(),
    ]

    private static let loaded: (packs: [String: LanguagePack], issues: [PhrasebookIssue]) = {
        var packs: [String: LanguagePack] = [:]
        var issues: [PhrasebookIssue] = []
        for (code, dates) in registered {
            guard let folder = bundledFolder(code) else {
                issues.append(PhrasebookIssue(file: "Languages/\(code)", line: 0, column: 0, message: "not in the bundle"))
                continue
            }
            let result = LanguagePackReader.read(folder: folder, code: code, dates: dates, displayFolder: "Languages/\(code)")
            issues += result.issues
            if let pack = result.pack { packs[code] = pack }
        }
        return (packs, issues.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) })
    }()

    /// Every language pack that read without mistakes, by code.
    static var packs: [String: LanguagePack] { loaded.packs }

    /// Mistakes in the bundled language files; a language with any is not offered (`supported`).
    public static var bundledIssues: [PhrasebookIssue] { loaded.issues }

    /// The folder of a registered language's bundled files.
    static func bundledFolder(_ code: String) -> URL? {
        Bundle.module.resourceURL?.appendingPathComponent("Languages").appendingPathComponent(code)
    }

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

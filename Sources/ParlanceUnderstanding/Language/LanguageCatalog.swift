import Foundation
import ParlanceCore
import Synchronization

/// The languages understanding speaks. This is the one place a language is registered: its code and
/// its date reader here, its words in `Resources/Languages/<code>/` (docs/phrasebooks.md).
public enum LanguageCatalog {
    /// The registered languages and the code that reads their dates and times.
    static let registered: [String: any DateReading] = [
        "en": EnglishDateReader(), "fr": FrenchDateReader(), "de": GermanDateReader(), "it": ItalianDateReader(),
        "zh": ChineseDateReader(), "ja": JapaneseDateReader(),
    ]

    /// Languages read so far: each is read on first use, so a process that speaks one reads one.
    private static let loaded = Mutex<[String: (pack: LanguagePack?, issues: [PhrasebookIssue])]>([:])

    /// A registered language, read from its bundled files once.
    private static func load(_ code: String) -> (pack: LanguagePack?, issues: [PhrasebookIssue]) {
        if let done = loaded.withLock({ $0[code] }) { return done }
        let result: (pack: LanguagePack?, issues: [PhrasebookIssue])
        if let dates = registered[code], let folder = bundledFolder(code) {
            result = LanguagePackReader.read(folder: folder, code: code, dates: dates, displayFolder: "Languages/\(code)")
        } else {
            result = (nil, [PhrasebookIssue(file: "Languages/\(code)", line: 0, column: 0, message: "not in the bundle")])
        }
        return loaded.withLock { entries in
            if let done = entries[code] { return done }
            entries[code] = result
            return result
        }
    }

    /// Every language pack that read without mistakes, by code.
    static var packs: [String: LanguagePack] {
        var packs: [String: LanguagePack] = [:]
        for code in registered.keys { packs[code] = load(code).pack }
        return packs
    }

    /// Mistakes in the bundled language files; a language with any is not offered (`supported`).
    public static var bundledIssues: [PhrasebookIssue] {
        registered.keys.flatMap { load($0).issues }.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    }

    /// The folder of a registered language's bundled files.
    static func bundledFolder(_ code: String) -> URL? {
        Bundle.module.resourceURL?.appendingPathComponent("Languages").appendingPathComponent(code)
    }

    /// The codes of the supported languages.
    public static var supported: [String] { packs.keys.sorted() }

    /// The pack for a language tag ("en", "en-US", "en_GB"), if supported.
    static func pack(for tag: String) -> LanguagePack? {
        let code = code(of: tag)
        return registered[code] == nil ? nil : load(code).pack
    }

    /// Whether a language tag names a supported language.
    /// Whether the language writes every noun with a capital (German), so that a capital says nothing of a name.
    public static func capitalizesNouns(_ tag: String) -> Bool {
        pack(for: tag)?.capitalizedNouns ?? false
    }

    public static func isSupported(_ tag: String) -> Bool {
        pack(for: tag) != nil
    }

    /// The language part of a tag, lower case ("en-US" → "en").
    public static func code(of tag: String) -> String {
        LanguageTag.code(of: tag)
    }
}

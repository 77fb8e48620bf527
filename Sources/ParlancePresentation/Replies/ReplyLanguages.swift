import Foundation
import ParlanceCore
import Synchronization

/// The languages the assistant replies in: the files bundled in the module's `Replies` resources (one per
/// language, `<code>.txt`), and any catalog added at run time with `add(_:)` (a language read from a folder
/// with `ReplyCatalog(directory:code:)`). A language without a catalog gets English.
public enum ReplyLanguages {
    /// The bundled catalogs by code, read once. A file that doesn't read is left out (the checker's test
    /// reads every one, so none is).
    static let bundled: [String: ReplyCatalog] = {
        guard let directory = Bundle.module.url(forResource: "Replies", withExtension: nil),
              let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        else { return [:] }
        var catalogs: [String: ReplyCatalog] = [:]
        for file in files where file.pathExtension == "txt" {
            let code = file.deletingPathExtension().lastPathComponent
            if let catalog = try? ReplyCatalog(directory: directory, code: code) { catalogs[code] = catalog }
        }
        return catalogs
    }()

    private static let added = Mutex<[String: ReplyCatalog]>([:])

    /// The codes of the bundled languages, sorted ("de", "en", …).
    public static var bundledCodes: [String] { bundled.keys.sorted() }

    /// The bundled catalog of a language, if there is one.
    public static func bundledCatalog(_ code: String) -> ReplyCatalog? { bundled[code] }

    /// Makes a catalog the replies of its language from now on, as if it were bundled (a language tried
    /// from a folder, without rebuilding).
    public static func add(_ catalog: ReplyCatalog) {
        added.withLock { $0[catalog.code] = catalog }
    }

    /// The catalog for a language tag ("fr-FR"): an added one, else a bundled one, else English's.
    static func catalog(for language: String) -> ReplyCatalog {
        catalog(code: LanguageTag.code(of: language))
    }

    /// The catalog for exactly this code ("fr"; "fr-FR" is no code, so it gets English): an added one, else a
    /// bundled one, else English's.
    static func catalog(code: String) -> ReplyCatalog {
        if let catalog = added.withLock({ $0[code] }) { return catalog }
        if let catalog = bundled[code] { return catalog }
        return bundled["en"] ?? ReplyCatalog(emptyFor: "en")
    }
}

import Foundation

/// The languages a voice speaks, and which of them a language tag names ("en", "en-US", "EN" and "en_GB" all name
/// English). One list per voice, read both by what speaks and by what tells clients what it speaks: `parlance say
/// --language` accepts exactly the languages `parlance wyoming` lists for its voice in `describe` and speaks on
/// `synthesize` (`offline` for espeak-ng; a speech service's own, as far as Parlance understands them).
public struct VoiceLanguages: Sendable, Equatable {
    /// The languages, as listed (each once).
    public let codes: [String]

    /// The languages given, each once, in their order.
    public init(_ codes: some Sequence<String>) {
        var seen = Set<String>()
        self.codes = codes.filter { seen.insert($0).inserted }
    }

    /// The offline voice's: espeak-ng speaks each of Parlance's languages with a voice of its own
    /// (`EspeakSynthesizer.voices`), listed in alphabetical order.
    public static let offline = VoiceLanguages(EspeakSynthesizer.voices.keys.sorted())

    /// The listed language a tag names (its language part, any capitals: "ja_JP" → "ja"), or nil when none.
    public func language(of tag: String) -> String? {
        let asked = Self.base(of: tag)
        guard !asked.isEmpty else { return nil }
        return codes.first { Self.base(of: $0) == asked }
    }

    /// The listed language `tag` names; a tag naming none is an error that lists them.
    public func check(_ tag: String) throws(SpeechError) -> String {
        guard let language = language(of: tag) else {
            throw SpeechError(.unsupportedLanguage, "no voice here speaks \"\(tag)\"; "
                              + (codes.isEmpty ? "the voice speaks none of Parlance's languages" : "languages: " + codes.joined(separator: ", ")))
        }
        return language
    }

    /// The language part of a tag, lower case ("en-US" → "en").
    static func base(of tag: String) -> String {
        String(tag.trimmingCharacters(in: .whitespaces).prefix { $0 != "-" && $0 != "_" }).lowercased()
    }
}

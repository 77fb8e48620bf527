import Foundation

/// Checks and samples the language data files (`docs/phrasebooks.md`): what `parlance phrasing`
/// runs, and what a translator uses while writing a new language.
public enum Phrasebooks {
    /// Mistakes in the bundled language files (none in a release).
    public static var bundledIssues: [PhrasebookIssue] { LanguageCatalog.bundledIssues }

    /// Mistakes in a language folder. `language` names the language; a code that is not registered
    /// yet is read without a date reader.
    public static func check(folder: URL, language: String) -> [PhrasebookIssue] {
        read(folder: folder, language: language).issues
    }

    /// Sentences made from a language's templates the way training makes them, with each parameter
    /// marked: `send a message to [Bobo](recipients) saying [hi](content)`.
    ///
    /// - Parameters:
    ///   - language: a language code.
    ///   - folder: the language's folder; the bundled one when nil.
    ///   - intent: only this intent's templates (`none` for the out-of-scope ones); all when nil.
    ///   - count: how many sentences.
    ///   - seed: the same seed gives the same sentences.
    ///   - appNames: the app names sentences use, one drawn per sentence.
    /// - Throws: `PhrasebookSampleError` when the language cannot be read or has no such intent.
    public static func sample(language: String, folder: URL? = nil, intent: String? = nil, count: Int,
                              seed: UInt64 = 1, appNames: [String] = ["MonkeyChat"]) throws(PhrasebookSampleError) -> [SampledSentence] {
        let pack: LanguagePack
        if let folder {
            let result = read(folder: folder, language: language)
            guard let read = result.pack else { throw .mistakes(result.issues) }
            pack = read
        } else {
            guard let bundled = LanguageCatalog.pack(for: language) else {
                throw .unknownLanguage(language, supported: LanguageCatalog.supported)
            }
            pack = bundled
        }
        var pool: [(intent: String, template: Template)] = []
        for (name, templates) in pack.phrasing.templates.sorted(by: { $0.key < $1.key }) where intent == nil || intent == name {
            pool += templates.map { (name, $0) }
        }
        if intent == nil || intent == IntentClassifier.none {
            pool += pack.phrasing.outOfScope.map { (IntentClassifier.none, $0) }
        }
        guard !pool.isEmpty else {
            throw .unknownIntent(intent ?? "", known: pack.phrasing.templates.keys.sorted() + [IntentClassifier.none])
        }
        var expander = TemplateExpander(phrasing: pack.phrasing, seed: seed, listProperties: LanguageModel.listProperties,
                                        joiners: Array(pack.listJoiners.filter { $0.count <= 3 }).sorted(),
                                        conjunction: pack.conjunction)
        var picker = SeededRandom(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
        var sentences: [SampledSentence] = []
        for _ in 0..<max(count, 0) {
            let (name, template) = pool[picker.next(pool.count)]
            // One name draws nothing, so the default's sentences stay those of earlier versions.
            let appName = appNames.count > 1 ? appNames[picker.next(appNames.count)] : appNames.first ?? "MonkeyChat"
            guard let made = expander.expand(template, count: 1, appNames: [appName], wrapApp: true).first else { continue }
            sentences.append(SampledSentence(intent: name, template: template.source, text: made.text,
                                             parameters: made.slots.map { slot in
                                                 let characters = Array(made.text)
                                                 return (slot.property, String(characters[slot.range]))
                                             }, ranges: made.slots.map(\.range)))
        }
        return sentences
    }

    private static func read(folder: URL, language: String) -> (pack: LanguagePack?, issues: [PhrasebookIssue]) {
        let code = LanguageCatalog.code(of: language)
        return LanguagePackReader.read(folder: folder, code: code, dates: LanguageCatalog.registered[code] ?? NoDateReader())
    }
}

/// One sentence made from a template.
public struct SampledSentence: Sendable {
    /// The intent class, or `none`.
    public let intent: String
    /// The template it was made from, as written.
    public let template: String
    /// The sentence.
    public let text: String
    /// Each parameter's property and the words that fill it, in order.
    public let parameters: [(property: String, value: String)]
    fileprivate let ranges: [Range<Int>]

    /// The sentence with each parameter marked `[words](property)`.
    public var marked: String {
        var characters = Array(text)
        for (range, parameter) in zip(ranges, parameters).sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            characters.replaceSubrange(range, with: Array("[\(parameter.value)](\(parameter.property))"))
        }
        return String(characters)
    }
}

/// Why sentences could not be sampled.
public enum PhrasebookSampleError: Error, Sendable, CustomStringConvertible {
    case unknownLanguage(String, supported: [String])
    case unknownIntent(String, known: [String])
    case mistakes([PhrasebookIssue])

    public var description: String {
        switch self {
        case .unknownLanguage(let code, let supported):
            return "no language '\(code)'; supported: \(supported.joined(separator: ", ")) (or give --folder)"
        case .unknownIntent(let intent, let known):
            return "no templates for '\(intent)'; intents: \(known.joined(separator: ", "))"
        case .mistakes(let issues):
            return issues.map(\.description).joined(separator: "\n")
        }
    }
}

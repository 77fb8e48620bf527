import Foundation
import ParlanceCore

/// Checks an app's example requests (`IntentExamples`) in every language of its bundle, as the
/// assistant's "what can you do?" shows them: each is for an intent the app's Intents extension supports
/// (`IntentsSupported`), names the app, is short, does not address the assistant by name, has no "please"
/// or "thank you", and, understood as a user's request, is its `IntentName` for this app with every value
/// it shows read into a parameter.
///
/// Understanding reads an example as if the app had not given it: no word-for-word match, no training
/// on it. An example that passes therefore works on its own merits, and so do small variations of it.
public struct ExamplePhraseChecker: Sendable {
    /// Names people wake an assistant with; an example request is what follows them.
    public static let assistantNames = ["Parlance", "Siri"]
    /// The most words an example may have (a word of Japanese or Chinese counts as one per character,
    /// at `charactersPerWord` characters a word).
    public static let longestExample = 12
    /// How many characters of a language written without spaces count as one word for `longestExample`.
    public static let charactersPerWord = 2.5

    /// The app whose examples are checked.
    public let app: AppBundle

    public init(app: AppBundle) {
        self.app = app
    }

    /// The localizations with examples in a language Parlance does not understand; they are not checked.
    public var uncheckedLocalizations: [String] {
        app.vocabularies.keys.sorted().filter { localization in
            !(app.vocabularies[localization]?.intentPhrases.isEmpty ?? true)
                && LanguageCatalog.pack(for: Self.languageTag(of: localization)) == nil
        }
    }

    /// Checks every example of every understood localization, in file order.
    /// - Parameter understanding: false checks only what needs no model (the intent is supported, the
    ///   app's name, length, courtesy words, the assistant's name), which is instant; true also trains each
    ///   language's model. An app without an Intents extension supports nothing, so its examples are
    ///   checked for style only (the bundle's own error says the extension is missing).
    public func check(understanding: Bool = true) -> [ExampleCheck] {
        var checks: [ExampleCheck] = []
        let hasExtension = app.intentsExtension != nil
        let supported = Set(app.supportedIntents)
        let understanding = understanding && hasExtension
        let bundleFolder = URL(fileURLWithPath: app.path).lastPathComponent
        for localization in app.vocabularies.keys.sorted() {
            guard let vocabulary = app.vocabularies[localization], !vocabulary.intentPhrases.isEmpty,
                  let pack = LanguageCatalog.pack(for: Self.languageTag(of: localization)) else { continue }
            let understander = understanding ? self.understander(localization: localization, vocabulary: vocabulary) : nil
            let file = "\(bundleFolder)/\(localization).lproj/AppIntentVocabulary.plist"
            for (phraseIndex, phrase) in vocabulary.intentPhrases.enumerated() {
                for (exampleIndex, example) in phrase.examples.enumerated() {
                    var check = ExampleCheck(
                        file: file, key: "IntentPhrases[\(phraseIndex)].IntentExamples[\(exampleIndex)]",
                        localization: localization, example: example, intentName: phrase.intentName,
                        understood: nil, problems: [])
                    let unsupported = hasExtension && !supported.contains(phrase.intentName)
                    if unsupported {
                        check.problems.append("is an example of \(phrase.intentName), which the app does not support: "
                            + "its Intents extension's IntentsSupported lists "
                            + (app.supportedIntents.isEmpty ? "none" : app.supportedIntents.joined(separator: ", ")))
                    } else if let understander {
                        do {
                            check.understood = try understander.understand(example, language: pack.code)
                        } catch {
                            check.problems.append("cannot be understood: \(error)")
                        }
                    }
                    check.problems += styleProblems(example, pack: pack, understood: check.understood)
                    if let understood = check.understood {
                        check.problems += understandingProblems(understood, intentName: phrase.intentName)
                    }
                    checks.append(check)
                }
            }
        }
        return checks
    }

    // MARK: Checks

    private func styleProblems(_ example: String, pack: LanguagePack, understood: UnderstoodRequest?) -> [String] {
        var problems: [String] = []
        let keys = Utterance(example).tokens.filter { $0.kind != .punctuation }.map(\.key)
        let names = UnderstandingContext.names(of: app)
        if !names.contains(where: { Self.contains(keys, TextFolding.tokenKeys($0)) }) {
            problems.append("does not name the app: say \(app.displayName) (or another of its names) in it")
        }
        let spokenWords = keys.reduce(0.0) { total, key in
            total + (CharacterClass.unspacedScript(key) == nil ? 1 : 1 / Self.charactersPerWord)
        }
        if spokenWords > Double(Self.longestExample) {
            problems.append("is too long (about \(Int(spokenWords.rounded())) words): keep an example to "
                            + "\(Self.longestExample) words or fewer")
        }
        if let name = Self.assistantNames.first(where: { Self.contains(keys, TextFolding.tokenKeys($0)) }) {
            problems.append("addresses the assistant by name (\"\(name)\"): an example is what the person says after it")
        }
        let values = understood.map { Self.valueKeys(of: $0.parameters) } ?? []
        for courtesy in pack.phrasing.courtesy {
            let phrase = TextFolding.tokenKeys(courtesy)
            // "thank you" inside the message is the person's words, not theirs to the assistant.
            guard Self.contains(keys, phrase), !values.contains(where: { Self.contains($0, phrase) }) else { continue }
            problems.append("says \"\(courtesy)\": examples have no \"please\" or \"thank you\"")
            break
        }
        return problems
    }

    private func understandingProblems(_ understood: UnderstoodRequest, intentName: String) -> [String] {
        guard let intent = understood.intent else {
            if understood.recognizer == .scope {
                return ["is not understood as \(intentName): its words say it is something no app here does"]
            }
            return ["is not understood as \(intentName), nor as any request"]
        }
        guard LanguageModel.trainingClass(intent) == LanguageModel.trainingClass(intentName) else {
            return ["is understood as \(intent)\(Self.summary(of: understood.parameters)), not as \(intentName)"]
        }
        if !understood.unreadWords.isEmpty {
            let words = understood.unreadWords.map { "\"\($0)\"" }.joined(separator: ", ")
            return ["shows \(words), which no parameter of \(intent) takes (understood"
                    + "\(Self.summary(of: understood.parameters).isEmpty ? " with no parameters" : Self.summary(of: understood.parameters)))"]
        }
        return []
    }

    // MARK: Support

    /// Understanding for this app alone in one localization, without its examples.
    private func understander(localization: String, vocabulary: AppIntentVocabulary) -> RequestUnderstander {
        var alone = app
        var terms = vocabulary
        terms.intentPhrases = []
        alone.vocabularies = [localization: terms]
        let gazetteer = AppGazetteer(appIdentifier: app.identifier, entries: AppGazetteer.entries(of: terms))
        return RequestUnderstander(apps: [alone], gazetteers: [app.identifier: gazetteer],
                                   policy: UnderstandingPolicy(chain: [.noRequest, .template, .model]))
    }

    /// The language a localization folder is in ("Base" is taken as English).
    static func languageTag(of localization: String) -> String {
        localization == "Base" ? "en" : localization
    }

    private static func contains(_ keys: [String], _ phrase: [String]) -> Bool {
        guard !phrase.isEmpty, phrase.count <= keys.count else { return false }
        return (0...(keys.count - phrase.count)).contains { Array(keys[$0..<($0 + phrase.count)]) == phrase }
    }

    /// The token keys of every text and number a parameter holds.
    private static func valueKeys(of parameters: [String: JSONValue]) -> [[String]] {
        parameters.values.flatMap(leaves).map(TextFolding.tokenKeys)
    }

    private static func leaves(_ value: JSONValue) -> [String] {
        switch value {
        case .string(let text): [text]
        case .number(let number): [number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)]
        case .bool, .null: []
        case .array(let items): items.flatMap(leaves)
        case .object(let fields): fields.keys.sorted().flatMap { fields[$0].map(leaves) ?? [] }
        }
    }

    /// Parameters in short, for people: " (recipients: Bobo; content: see you)", or "" with none.
    public static func summary(of parameters: [String: JSONValue]) -> String {
        let parts = parameters.keys.sorted().compactMap { name -> String? in
            guard let value = parameters[name] else { return nil }
            var seen = Set<String>()
            let texts = leaves(value).filter { seen.insert($0).inserted }
            return texts.isEmpty ? nil : "\(name): \(texts.joined(separator: " "))"
        }
        return parts.isEmpty ? "" : " (\(parts.joined(separator: "; ")))"
    }
}

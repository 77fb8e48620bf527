import Foundation

/// What the offline recogniser listens for, built at run time from what the assistant can do: sentences
/// made from the language's phrasing templates with the installed apps' names, the apps' example
/// requests, and names from the user's and the apps' vocabulary. Written as an ARPA trigram model and a
/// pronunciation dictionary in a folder named after a hash of its inputs, so a change of apps or
/// vocabulary makes a new one and an unchanged set reuses the files.
public struct RecognitionModel: Sendable {
    /// The ARPA language model, or the grammar (see `isGrammar`).
    public let languageModel: URL
    /// Whether `languageModel` is a grammar (FSG, or JSGF) rather than an ARPA model.
    public var isGrammar: Bool { ["fsg", "gram"].contains(languageModel.pathExtension) }
    /// The pronunciation dictionary (CMU format).
    public let dictionary: URL
    /// How many distinct words it knows.
    public let vocabularySize: Int

    /// Builds (or finds) the model for these sentences and names under `folder`.
    public static func build(sentences: [String], names: [SpokenName], in folder: URL,
                             lexicon: @autoclosure () throws(SpeechError) -> PronunciationLexicon) throws(SpeechError) -> RecognitionModel {
        let tokenized = sentences.map(SpokenWords.words).filter { !$0.isEmpty }
        var nameWords = Set<String>()
        var nameSentences: [[String]] = []
        // A one-word name with a sounds-like hint is pronounced as the hint's words said together.
        var hinted: [String: [String]] = [:]
        for name in names {
            let words = SpokenWords.words(name.text)
            guard !words.isEmpty else { continue }
            nameWords.formUnion(words)
            nameSentences.append(words)
            if words.count == 1, let hint = name.soundsLike.map(SpokenWords.words), !hint.isEmpty {
                hinted[words[0]] = hint
            }
        }
        let hints = hinted.sorted { $0.key < $1.key }.map { [$0.key, "="] + $0.value }
        let key = Self.key(tokenized + [["--names--"]] + nameSentences + [["--hints--"]] + hints)
        let target = folder.appendingPathComponent("speech-\(key)")
        let languageModel = target.appendingPathComponent("model.arpa")
        let dictionary = target.appendingPathComponent("model.dict")
        let manager = FileManager.default
        if manager.fileExists(atPath: languageModel.path), manager.fileExists(atPath: dictionary.path),
           let text = try? String(contentsOf: dictionary, encoding: .utf8) {
            let words = Set(text.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
            return RecognitionModel(languageModel: languageModel, dictionary: dictionary, vocabularySize: words.count)
        }
        let lexicon = try lexicon()
        let vocabulary = Set(tokenized.joined()).union(nameWords)
        var pronunciations = lexicon.pronounce(Array(vocabulary.union(hinted.values.joined())))
        for (word, hint) in hinted {
            let parts = hint.compactMap { pronunciations[$0]?.first }
            guard parts.count == hint.count else { continue }
            // The hint first: the app knows how its term sounds better than spelling rules do.
            pronunciations[word] = [parts.joined(separator: " ")] + (pronunciations[word] ?? [])
        }
        pronunciations = pronunciations.filter { vocabulary.contains($0.key) }
        // Words nobody can pronounce cannot be heard; sentences with them are left out.
        let sayable = Set(pronunciations.keys)
        let kept = (tokenized + nameSentences).filter { $0.allSatisfy(sayable.contains) }
        let arpa = LanguageModelBuilder().arpa(sentences: kept, vocabulary: nameWords.intersection(sayable))
        try write(files: ["model.arpa": arpa, "model.dict": dictionaryText(pronunciations, words: sayable)], key: key, into: folder)
        return RecognitionModel(languageModel: languageModel, dictionary: dictionary, vocabularySize: sayable.count)
    }

    /// Builds (or finds) a grammar model under `folder`: the grammar, with what nobody can pronounce left
    /// out, as a minimal automaton (`WordAutomaton`, pocketsphinx's FSG format; about three times faster to
    /// search than the same grammar as JSGF), and its dictionary.
    public static func build(grammar: SpeechGrammar, in folder: URL,
                             lexicon: @autoclosure () throws(SpeechError) -> PronunciationLexicon) throws(SpeechError) -> RecognitionModel {
        let key = Self.key([["fsg"], [grammar.jsgf]])
        let target = folder.appendingPathComponent("speech-\(key)")
        let model = target.appendingPathComponent("model.fsg")
        let dictionary = target.appendingPathComponent("model.dict")
        let manager = FileManager.default
        if manager.fileExists(atPath: model.path), let known = try? String(contentsOf: dictionary, encoding: .utf8) {
            let words = Set(known.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
            return RecognitionModel(languageModel: model, dictionary: dictionary, vocabularySize: words.count)
        }
        let pronunciations = try lexicon().pronounce(Array(grammar.words))
        let sayable = grammar.keeping { pronunciations[$0] != nil }
        try write(files: ["model.fsg": WordAutomaton(grammar: sayable).fsg,
                          "model.dict": dictionaryText(pronunciations, words: sayable.words)],
                  key: key, into: folder)
        return RecognitionModel(languageModel: model, dictionary: dictionary, vocabularySize: sayable.words.count)
    }

    static func dictionaryText(_ pronunciations: [String: [String]], words: Set<String>) -> String {
        var lines: [String] = []
        for word in words.sorted() {
            for (index, phones) in (pronunciations[word] ?? []).enumerated() {
                lines.append(index == 0 ? "\(word) \(phones)" : "\(word)(\(index + 1)) \(phones)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes a model's files into `speech-KEY` under `folder`, whole or not at all.
    static func write(files: [String: String], key: String, into folder: URL) throws(SpeechError) {
        let manager = FileManager.default
        let target = folder.appendingPathComponent("speech-\(key)")
        do {
            let scratch = folder.appendingPathComponent(".speech-\(key)-\(UUID().uuidString)")
            try manager.createDirectory(at: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            for (name, text) in files { try Data(text.utf8).write(to: scratch.appendingPathComponent(name)) }
            do {
                try manager.moveItem(at: scratch, to: target)
            } catch {
                try? manager.removeItem(at: scratch)
                // Another builder's complete folder is as good as ours.
                guard manager.fileExists(atPath: target.path) else { throw error }
            }
        } catch {
            throw SpeechError(.engineFailed, "could not write the speech model to \(folder.path): \(error.localizedDescription)")
        }
        removeOldModels(in: folder, keeping: target)
    }

    /// How many speech models a home keeps: the new one and the one before it (a running `parlance wyoming`
    /// read its files when it started, so removing them does not disturb it).
    static let keptModels = 2

    /// Removes all but the newest `keptModels` speech models under `folder` (`target` always stays), and
    /// scratch folders an interrupted build left over an hour ago. Each app install or vocabulary change makes
    /// a new model; without this a home would keep them all. Only a cache is removed: a failure is ignored.
    static func removeOldModels(in folder: URL, keeping target: URL) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return }
        func modified(_ url: URL) -> Date {
            ((try? manager.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? .distantPast
        }
        let models = names.filter { $0.hasPrefix("speech-") }.map { folder.appendingPathComponent($0) }
            .filter { $0.lastPathComponent != target.lastPathComponent }
            .sorted { modified($0) > modified($1) }
        for old in models.dropFirst(keptModels - 1) { try? manager.removeItem(at: old) }
        let stale = Date().addingTimeInterval(-3600)
        for name in names where name.hasPrefix(".speech-") {
            let scratch = folder.appendingPathComponent(name)
            if modified(scratch) < stale { try? manager.removeItem(at: scratch) }
        }
    }

    /// A stable hash of the inputs (FNV-1a, 64 bits), hex.
    static func key(_ sentences: [[String]]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for sentence in sentences {
            for byte in sentence.joined(separator: " ").utf8 + [10] {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }
}

import Foundation
@testable import ParlanceSpeech
import TestSupport
import Testing

@Suite("Building what the recogniser listens for", .computesAtLength)
struct RecognitionModelTests {
    @Test("spoken words: lower case, no punctuation, numbers spelled out, currency signs said after the amount")
    func words() {
        #expect(SpokenWords.words("Send $20 to Bobo, please!") == ["send", "twenty", "dollars", "to", "bobo", "please"])
        #expect(SpokenWords.words("€1 or £7.25, $ alone") == ["one", "euro", "or", "seven", "pounds", "twenty", "five", "alone"])
        #expect(SpokenWords.words("there are 4 of us at 7:30") == ["there", "are", "four", "of", "us", "at", "seven", "thirty"])
        #expect(SpokenWords.words("I'm on MonkeyChat") == ["i'm", "on", "monkeychat"])
        #expect(SpokenWords.spelled(1_215) == ["one", "thousand", "two", "hundred", "fifteen"])
    }

    @Test("the ARPA model's probabilities sum to one after every history")
    func normalised() throws {
        let sentences = [["send", "a", "message"], ["send", "a", "payment"], ["send", "money"], ["book", "a", "ride"]]
        let arpa = LanguageModelBuilder().arpa(sentences: sentences, vocabulary: ["bobo"])
        let model = try ARPAReader(arpa)
        for history in [["<s>"], ["send"], ["send", "a"], ["a"], ["bobo"]] {
            let total = model.vocabulary.filter { $0 != "<s>" }.reduce(0.0) { $0 + model.probability($1, after: history) }
            #expect(abs(total - 1) < 0.01, "after \(history): \(total)")
        }
        #expect(arpa.contains("\\3-grams:"))
    }

    @Test("words the dictionary lacks are said by their parts, espeak-ng or letters")
    func pronunciations() {
        let lexicon = PronunciationLexicon(text: "monkey M AH NG K IY\nchat CH AE T\nride R AY D\nride(2) R AY D\n")
        let said = lexicon.pronounce(["monkeychat", "ride", "zzq"], using: nil)
        #expect(said["monkeychat"] == ["M AH NG K IY CH AE T"])
        #expect(said["ride"]?.count == 2)
        #expect(said["zzq"] == ["Z K"])
        #expect(EspeakPhonemes.cmuPhones("b'oUboU") == "B OW B OW")
        #expect(EspeakPhonemes.cmuPhones("tS'at#3li") == "CH AE T ER L IY")
    }

    @Test("a model is written once per set of inputs and found again")
    func cached() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("speech-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let lexicon = PronunciationLexicon(text: "send S EH N D\nhello HH AH L OW\nto T UW\n")
        let first = try RecognitionModel.build(sentences: ["send hello to Bobo"], names: [SpokenName("Bobo")], in: folder, lexicon: lexicon)
        let again = try RecognitionModel.build(sentences: ["send hello to Bobo"], names: [SpokenName("Bobo")], in: folder, lexicon: lexicon)
        #expect(first.languageModel == again.languageModel)
        let other = try RecognitionModel.build(sentences: ["send hello to Bobo"], names: [SpokenName("Kiki")], in: folder, lexicon: lexicon)
        #expect(other.languageModel != first.languageModel)
        let dictionary = try String(contentsOf: first.dictionary, encoding: .utf8)
        #expect(dictionary.contains("bobo "))
    }
}

extension RecognitionModelTests {
    @Test("a home keeps the newest two speech models: each new app or contact does not leave one more behind")
    func oldModelsRemoved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("speech-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let lexicon = PronunciationLexicon(text: "call K AO L\nbobo B OW B OW\nkiki K IY K IY\ncoco K OW K OW\n")
        var built: [RecognitionModel] = []
        for name in ["bobo", "kiki", "coco"] {
            let grammar = SpeechGrammar(sentences: [[.words(["call", name])]])
            built.append(try RecognitionModel.build(grammar: grammar, in: folder, lexicon: lexicon))
            // Folder times have a second's resolution on some file systems: the order must be seen.
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(Double(built.count) - 10)],
                                                  ofItemAtPath: built.last!.languageModel.deletingLastPathComponent().path)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == [built[1], built[2]].map { $0.languageModel.deletingLastPathComponent().lastPathComponent }.sorted())
        #expect(FileManager.default.fileExists(atPath: built[2].languageModel.path))
        #expect(try String(contentsOf: built[2].languageModel, encoding: .utf8).contains(" 1.0 coco\n"))
    }
}

/// Reads back an ARPA model to check it (backed-off trigram probabilities).
struct ARPAReader {
    var probabilities: [String: Double] = [:]
    var backoffs: [String: Double] = [:]
    var vocabulary: [String] = []

    init(_ text: String) throws {
        var order = 0
        for line in text.split(separator: "\n") {
            if line.hasPrefix("\\") {
                order = line.hasPrefix("\\1-") ? 1 : line.hasPrefix("\\2-") ? 2 : line.hasPrefix("\\3-") ? 3 : 0
                continue
            }
            guard order > 0 else { continue }
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count >= order + 1, let log = Double(fields[0]) else { continue }
            let key = fields[1...order].joined(separator: " ")
            probabilities[key] = pow(10, log)
            if fields.count > order + 1, let backoff = Double(fields[order + 1]) { backoffs[key] = pow(10, backoff) }
            if order == 1 { vocabulary.append(key) }
        }
    }

    func probability(_ word: String, after history: [String]) -> Double {
        let context = Array(history.suffix(2))
        let key = (context + [word]).joined(separator: " ")
        if let known = probabilities[key] { return known }
        if context.isEmpty { return 0 }
        return (backoffs[context.joined(separator: " ")] ?? 1) * probability(word, after: Array(context.dropFirst()))
    }
}

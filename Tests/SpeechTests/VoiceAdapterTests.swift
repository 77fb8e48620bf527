import Foundation
@testable import ParlanceSpeech
import TestSupport
import Testing

/// Speaker adaptation (`VoiceAdapter`) with SphinxTrain's real programs and pocketsphinx's real model (`.ci/run`
/// installs them; without them the adaptation tests are skipped and say why).
@Suite("Adapting to a voice", .computesAtLength)
struct VoiceAdapterTests {
    @Test("the packaged model's quantised weights become SphinxTrain's mixture weights, each row summing to one",
          .enabled(if: SpeechEngines.installed, "pocketsphinx's model is not installed"))
    func mixtureWeightsFromSendump() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: PocketSphinxRecognizer.acousticModel + "/sendump"))
        let weights = try MixtureWeights(sendump: data)
        #expect(weights.streams == 3)
        #expect(weights.densities == 128)
        #expect(weights.senones > 1000)
        #expect(weights.weights.count == weights.senones * weights.streams * weights.densities)
        for row in [0, 1, weights.senones * weights.streams - 1] {
            let total = weights.weights[row * weights.densities..<(row + 1) * weights.densities].reduce(0, +)
            #expect(abs(total - 1) < 1e-4)
        }
        let file = weights.sphinxFile
        let header = String(decoding: file.prefix(32), as: UTF8.self)
        #expect(header.hasPrefix("s3\nversion 1.0\n"))
        let end = try #require(file.range(of: Data("endhdr\n".utf8)))
        #expect(end.upperBound % 4 == 0)
        #expect(file.count == end.upperBound + 4 + 16 + 4 * weights.weights.count)
    }

    @Test("a sendump cut short or with nonsense sizes is refused, not read past its end")
    func badSendumpRefused() {
        #expect(throws: SpeechError.self) { try MixtureWeights(sendump: Data()) }
        #expect(throws: SpeechError.self) { try MixtureWeights(sendump: Data([9, 0, 0, 0, 65, 66])) }
        var header = Data()
        for text in ["title", "feature_count 3", "mixw_shift 10"] {
            withUnsafeBytes(of: UInt32(text.utf8.count + 1).littleEndian) { header.append(contentsOf: $0) }
            header.append(contentsOf: Array(text.utf8) + [0])
        }
        header.append(contentsOf: [0, 0, 0, 0, 128, 0, 0, 0, 0xFF, 0xFF, 0, 0])  // 128 densities, 65,535 senones
        #expect(throws: SpeechError.self) { try MixtureWeights(sendump: header + Data(count: 100)) }
    }

    @Test("adapted to a voice from a few of the prompts, the model scores that voice's request better than the stock model",
          .enabled(if: SpeechEngines.installed && VoiceAdapter().isAvailable, "sphinxtrain or sphinxbase-utils is not installed"))
    func adaptedModelFitsTheVoice() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voice-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let voice = EspeakSynthesizer()
        let style = VoiceStyle(wordsPerMinute: 180, variant: "m3")
        var recordings: [VoiceAdapter.Recording] = []
        for (index, prompt) in VoicePrompts.english.prefix(12).enumerated() {
            recordings.append(VoiceAdapter.Recording(name: "prompt \(index + 1)",
                                                     audio: try await voice.synthesize(prompt, language: "en", voice: style),
                                                     text: prompt))
        }
        let lexicon = try PronunciationLexicon()
        let model = folder.appendingPathComponent("model")
        let report = try await VoiceAdapter().adapt(recordings, lexicon: lexicon, into: model,
                                                    work: folder.appendingPathComponent("work"))
        #expect(report.used.count + report.leftOut.count == 12)
        #expect(report.used.count >= 10, "left out: \(report.leftOut)")
        #expect(report.seconds > 20)
        for file in ["means", "variances", "mixture_weights", "transition_matrices", "mdef", "feat.params", "noisedict"] {
            #expect(FileManager.default.fileExists(atPath: model.appendingPathComponent(file).path), "\(file)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("work").path))

        let grammar = SpeechGrammar(sentences: [[.words(["send"]), .list("person"), .words(["more", "bananas"])]],
                                    lists: ["person": [["bobo"], ["kiki"]]], openings: [], closings: [])
        let built = try RecognitionModel.build(grammar: grammar, in: folder, lexicon: lexicon)
        let request = try await voice.synthesize("send Kiki more bananas", language: "en", voice: style)
        let stock = try PocketSphinxRecognizer(languageModel: built.languageModel, dictionary: built.dictionary)
        let adapted = try PocketSphinxRecognizer(languageModel: built.languageModel, dictionary: built.dictionary,
                                                 acousticModel: model.path)
        let before = try #require(try stock.recognize(request, language: "en").first)
        let after = try #require(try adapted.recognize(request, language: "en").first)
        #expect(after.text == "send kiki more bananas")
        #expect(after.score > before.score, "adapted \(after.score), stock \(before.score)")
    }

    @Test("too few recordings, a silent one and missing programs are refused with what to do",
          .enabled(if: SpeechEngines.installed, "pocketsphinx's model is not installed"))
    func refusals() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voice-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let lexicon = try PronunciationLexicon()
        let silence = WaveAudio(sampleRate: 16_000, samples: [Int16](repeating: 0, count: 16_000))
        let silent = (1...6).map { VoiceAdapter.Recording(name: "take \($0)", audio: silence, text: "the garden") }
        let missing = VoiceAdapter(trainerFolder: folder.appendingPathComponent("nowhere"))
        let noPrograms = await #expect(throws: SpeechError.self) {
            try await missing.adapt(silent, lexicon: lexicon, into: folder.appendingPathComponent("a"),
                                    work: folder.appendingPathComponent("w"))
        }
        #expect(noPrograms?.message.contains("apt-get install sphinxtrain") == true, "\(String(describing: noPrograms))")
        guard VoiceAdapter().isAvailable else { return }
        let tooFew = await #expect(throws: SpeechError.self) {
            try await VoiceAdapter().adapt(Array(silent.prefix(2)), lexicon: lexicon, into: folder.appendingPathComponent("b"),
                                           work: folder.appendingPathComponent("w"))
        }
        #expect(tooFew?.message.contains("at least 5") == true)
        let quiet = await #expect(throws: SpeechError.self) {
            try await VoiceAdapter().adapt(silent, lexicon: lexicon, into: folder.appendingPathComponent("c"),
                                           work: folder.appendingPathComponent("w"))
        }
        #expect(quiet?.message.contains("take 1 has no speech") == true, "\(String(describing: quiet))")
    }
}

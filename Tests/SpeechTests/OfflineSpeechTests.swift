import Foundation
@testable import ParlanceSpeech
import TestSupport
import Testing

/// espeak-ng speaking and pocketsphinx recognising, for real (`.ci/run` installs both; without them
/// these tests are skipped and say why).
@Suite("Offline speech, both ways", .computesAtLength, .enabled(if: SpeechEngines.installed, "espeak-ng or pocketsphinx is not installed"))
struct OfflineSpeechTests {
    @Test("every language has a voice, and speech comes back as audio")
    func voices() async throws {
        let voice = EspeakSynthesizer()
        for (language, text) in [("en", "send more bananas"), ("de", "schick mehr Bananen"), ("fr", "envoie des bananes"),
                                 ("it", "manda banane"), ("ja", "ばなな を おくって"), ("zh", "发送")] {
            let audio = try await voice.synthesize(text, language: language, voice: .standard)
            #expect(audio.samples.count > audio.sampleRate / 4, "\(language)")
        }
        await #expect(throws: SpeechError.self) { try await voice.synthesize("hola", language: "es", voice: .standard) }
    }

    @Test("a spoken request is heard through a grammar, in two voices; what the grammar lacks is not forced into it")
    func recognition() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("speech-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let grammar = SpeechGrammar(
            sentences: [[.choice([[.words(["send"])], [.words(["text"])]]), .list("person"), .words(["more", "bananas"])],
                        [.words(["call"]), .list("person")],
                        [.words(["what's", "the", "weather", "like"])]],
            lists: ["person": [["bobo"], ["kiki"], ["coco"]]],
            openings: [[.list("app")]], closings: [[.words(["on"]), .list("app")]])
        var withApps = grammar
        withApps.lists["app"] = [["monkeychat"], ["monkeycall"]]
        let model = try RecognitionModel.build(grammar: withApps, in: folder, lexicon: try PronunciationLexicon())
        let recognizer = try PocketSphinxRecognizer(languageModel: model.languageModel, dictionary: model.dictionary)
        let voice = EspeakSynthesizer()
        for style in [VoiceStyle(wordsPerMinute: 140, variant: "f3"), VoiceStyle(wordsPerMinute: 150)] {
            let audio = try await voice.synthesize("MonkeyChat, send Kiki more bananas", language: "en", voice: style)
            #expect(try recognizer.recognize(audio, language: "en").first?.text == "monkeychat send kiki more bananas")
        }
        #expect(throws: SpeechError.self) { try recognizer.recognize(WaveAudio(sampleRate: 16_000, samples: []), language: "de") }
        let silence = WaveAudio(sampleRate: 16_000, samples: [Int16](repeating: 0, count: 16_000))
        #expect(try recognizer.recognize(silence, language: "en").isEmpty)
    }
}

/// Whether this machine has the speech engines.
enum SpeechEngines {
    static var installed: Bool {
        EspeakSynthesizer().isAvailable && (try? PocketSphinxLibrary.load()) != nil
            && FileManager.default.fileExists(atPath: PocketSphinxRecognizer.acousticModel + "/mdef")
    }
}

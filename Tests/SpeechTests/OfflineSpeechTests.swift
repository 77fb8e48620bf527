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

extension OfflineSpeechTests {
    @Test("a request streamed in chunks as it is spoken is heard as the whole recording is; whole recordings are heard meanwhile")
    func streaming() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("speech-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let grammar = SpeechGrammar(
            sentences: [[.words(["send"]), .list("person"), .words(["more", "bananas"])], [.words(["call"]), .list("person")]],
            lists: ["person": [["bobo"], ["kiki"], ["coco"]]])
        let model = try RecognitionModel.build(grammar: grammar, in: folder, lexicon: try PronunciationLexicon())
        let recognizer = try PocketSphinxRecognizer(languageModel: model.languageModel, dictionary: model.dictionary)
        let voice = EspeakSynthesizer()
        // espeak-ng speaks at 22,050 Hz: the stream is resampled to the decoder's 16 kHz as it comes.
        let request = try await voice.synthesize("send Kiki more bananas", language: "en", voice: .standard)
        let call = try await voice.synthesize("call Coco", language: "en", voice: .standard)
        // A fresh decoder's first utterance streamed in: heard whole at its end (pocketsphinx hears nothing in it
        // as it streams, before it has an estimate of the speech's average spectrum).
        let first = try #require(try recognizer.startStream(language: "en", sampleRate: request.sampleRate))
        for start in stride(from: 0, to: request.samples.count, by: 4_096) {
            try first.append(Array(request.samples[start..<min(start + 4_096, request.samples.count)]))
        }
        #expect(try await first.finish().first?.text == "send kiki more bananas")
        let whole = try recognizer.recognize(request, language: "en")
        #expect(whole.first?.text == "send kiki more bananas")

        let stream = try #require(try recognizer.startStream(language: "en", sampleRate: request.sampleRate))
        #expect(try recognizer.startStream(language: "en", sampleRate: request.sampleRate) == nil, "one stream at a time")
        for start in stride(from: 0, to: request.samples.count, by: 1_024) {
            try stream.append(Array(request.samples[start..<min(start + 1_024, request.samples.count)]))
            if start == 8 * 1_024 {
                // A whole recording while the decoder streams: heard by a second decoder.
                #expect(try recognizer.recognize(call, language: "en").first?.text == "call coco")
            }
        }
        let streamed = try await stream.finish()
        #expect(streamed.first?.text == whole.first?.text)
        #expect(try await stream.finish().isEmpty, "finished once")

        // A stream dropped unfinished frees the decoder for the next one.
        var abandoned = try recognizer.startStream(language: "en", sampleRate: call.sampleRate)
        try abandoned?.append(Array(call.samples.prefix(4_096)))
        abandoned = nil
        let next = try #require(try recognizer.startStream(language: "en", sampleRate: call.sampleRate))
        try next.append(call.samples)
        #expect(try await next.finish().first?.text == "call coco")
        #expect(throws: SpeechError.self) { try recognizer.startStream(language: "de", sampleRate: 16_000) }
    }
}

/// Whether this machine has the speech engines.
enum SpeechEngines {
    static var installed: Bool {
        EspeakSynthesizer().isAvailable && (try? PocketSphinxLibrary.load()) != nil
            && FileManager.default.fileExists(atPath: PocketSphinxRecognizer.acousticModel + "/mdef")
    }
}

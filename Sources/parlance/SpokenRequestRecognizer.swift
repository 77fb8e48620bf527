import Foundation
import ParlanceSpeech
import ParlanceStore
import ParlanceUnderstanding
import ParlanceWhisper
import ParlanceWyoming

/// The assistant's ear, shared by `listen`, `serve` and `wyoming`: the speech engine (the home's Whisper
/// service when it is set up, else pocketsphinx listening for what the installed apps can do, or a Wyoming
/// speech-to-text service named on the command line), only the part of a recording with speech in it,
/// names given back their written form, and the reading understanding can serve put first.
struct SpokenRequestRecognizer: StreamingSpeechRecognizer {
    let engine: any SpeechRecognizer
    /// Which kind of recogniser hears: "whisper", "grammar" or "service" (one named on the command line).
    var kind = "grammar"
    /// The recogniser as a person reads it: "Whisper (base)", a service's address.
    var name = "the offline grammar recogniser (English only)"
    let forms: WrittenForms
    let understander: RequestUnderstander
    /// Whether only the part with speech goes to the engine (offline; a service gets the recording as made
    /// and applies its own end-pointing).
    var trimsSilence = true
    /// The names a transcript is read again against, where the engine wrote one as other words ("key key" for
    /// Kiki): the apps' names, the user's and the apps' vocabulary (`SpeechNames.spoken`). Empty: none.
    var vocabulary: [SpokenName] = []

    var languages: [String] { engine.languages }

    /// What was heard: every reading, and the one taken.
    struct Hearing: Sendable {
        var readings: [SpeechHypothesis]
        var chosen: SpeechHypothesis?

        /// The readings, the one taken first.
        var ordered: [SpeechHypothesis] {
            guard let chosen else { return [] }
            return [chosen] + readings.filter { $0 != chosen }
        }
    }

    /// The ear for `language`: the service at `service` (tcp://HOST:PORT) when given; else, as `choice` says, the
    /// home's Whisper when it is set up (`auto`, `whisper`) or the offline grammar recogniser (English only).
    static func make(store: AssistantStore, home: URL, understander: RequestUnderstander, language: String,
                     service: String?, choice: RecognizerChoice = .auto) throws -> SpokenRequestRecognizer {
        if let service {
            let names = SpeechNames.current(store: store, language: language)
            var forms = WrittenForms()
            forms.learn(names)
            let engine = try WyomingSpeechService(address: service, names: Array(Set(names)).sorted())
            var ear = SpokenRequestRecognizer(engine: engine, kind: "service", name: "the Wyoming service at \(engine.address)",
                                              forms: forms, understander: understander, trimsSilence: false)
            ear.vocabulary = SpeechNames.spoken(store: store, language: language)
            return ear
        }
        if choice != .grammar {
            let whisper = WhisperService(home: home)
            if let settings = try whisper.settings() {
                let names = SpeechNames.current(store: store, language: language)
                var forms = WrittenForms()
                forms.learn(names)
                let engine = WhisperRecognizer(service: whisper, languages: LanguageCatalog.supported) {
                    SpeechNames.current(store: store, language: language)
                }
                // Only the speech goes to Whisper: silence and noise alone is where it invents words.
                var ear = SpokenRequestRecognizer(engine: engine, kind: "whisper",
                                                  name: settings.service.map { "Whisper at \($0)" } ?? "Whisper (\(settings.model))",
                                                  forms: forms, understander: understander)
                ear.vocabulary = SpeechNames.spoken(store: store, language: language)
                return ear
            }
            guard choice == .auto else {
                throw SpeechError(.engineMissing, "Whisper is not set up for this home; run `parlance speech setup`")
            }
        }
        guard language.lowercased().hasPrefix("en") else {
            throw SpeechError(.unsupportedLanguage, "the offline grammar recogniser is English only; for \(language), "
                              + "set up Whisper (`parlance speech setup`) or name a Wyoming speech-to-text service "
                              + "(--speech-to-text tcp://HOST:PORT)")
        }
        let folder = home.appendingPathComponent("models")
        let source = try RecognitionInputs.grammar(store: store, language: language)
        let model: RecognitionModel
        if ProcessInfo.processInfo.environment["PARLANCE_SPEECH_MODEL"] == "trigram" {
            let inputs = try RecognitionInputs.gather(store: store, language: language)
            model = try RecognitionModel.build(sentences: inputs.sentences, names: inputs.names, in: folder,
                                               lexicon: try PronunciationLexicon())
        } else {
            model = try RecognitionModel.build(grammar: source.grammar, in: folder, lexicon: try PronunciationLexicon())
        }
        // Expert tuning, documented in docs/speech.md: pocketsphinx's own options, space-separated.
        let options = ProcessInfo.processInfo.environment["PARLANCE_POCKETSPHINX_OPTIONS"]?
            .split(separator: " ").map(String.init) ?? []
        // The user's own voice, when `parlance voice adapt` has adapted the acoustic model to it. A damaged one
        // is not loaded (pocketsphinx would end the process) and is not the end of listening.
        var acousticModel = PocketSphinxRecognizer.acousticModel
        switch VoiceAdaptation.current(home: home) {
        case .none: break
        case .model(let adapted): acousticModel = adapted.path
        case .damaged(let adapted, let why):
            Terminal.error("warning: the model adapted to your voice (\(adapted.path)) is damaged: \(why); listening with "
                           + "the stock model (`parlance voice adapt` again, or `parlance voice reset`)")
        }
        let engine = try PocketSphinxRecognizer(languageModel: model.languageModel, dictionary: model.dictionary,
                                                acousticModel: acousticModel, options: options)
        return SpokenRequestRecognizer(engine: engine, forms: source.forms, understander: understander)
    }

    /// Hears one utterance: the engine's readings with names written as written, and the first one
    /// understanding can serve (else the engine's best, which understanding then declines).
    func hear(_ audio: WaveAudio, language: String) async throws(SpeechError) -> Hearing {
        // Silence around the request costs recognition time and invites words into it.
        var speech = audio
        if trimsSilence {
            guard let trimmed = VoiceActivityDetector.speech(in: audio) else { return Hearing(readings: [], chosen: nil) }
            speech = trimmed
        }
        let seconds = Double(speech.samples.count) / Double(max(speech.sampleRate, 1))
        let readings = try await engine.recognize(speech, language: language)
            .filter { !InventedTranscript.isTooFastToBeSpoken($0.text, seconds: seconds) }
        return hearing(readings, language: language)
    }

    /// The engine's readings with names written as written, then the same read again with the names of
    /// `vocabulary` where other words sound like them; the one taken is the reading understanding serves with
    /// the most known names in its values ("Send Kiki 55 pounds" over "Send key key 55 pounds"), the engine's
    /// own on a tie, else the engine's best (which understanding then declines).
    /// A reading that loops on a word or a phrase is no reading (`InventedTranscript`): when every one does,
    /// nothing was heard.
    func hearing(_ engineReadings: [SpeechHypothesis], language: String) -> Hearing {
        // Chinese is read in simplified characters, whichever script the engine wrote.
        let chinese = language.lowercased().hasPrefix("zh")
        var readings = engineReadings.filter { !InventedTranscript.isLooping($0.text) }.map { reading in
            var text = chinese ? SimplifiedChinese.simplified(reading.text) : reading.text
            // Every word capitalised is the engine's style, not names: the known names get their capitals back.
            text = TitleCasedWords.sentenceCased(text, capitalizedNouns: LanguageCatalog.capitalizesNouns(language)) ?? text
            return SpeechHypothesis(text: forms.apply(text), score: reading.score, confidence: reading.confidence)
        }
        // Words the engine hyphenated into one are read apart too, after every reading as written (which is taken
        // first when understanding serves it: "E-Mail" stays one word).
        var seen = Set(readings.map(\.text))
        readings += readings.compactMap { reading in
            guard let spaced = HyphenatedWords.spaced(reading.text), seen.insert(spaced).inserted else { return nil }
            return SpeechHypothesis(text: forms.apply(spaced), score: reading.score, confidence: reading.confidence)
        }
        let corrected = correctedReadings(of: readings, language: language)
        let chosen = bestReading(readings, corrected: corrected, language: language) ?? readings.first
        return Hearing(readings: readings + corrected.map(\.reading), chosen: chosen)
    }

    /// Hears an utterance as it streams in, when the engine can: offline only its speech reaches the engine, as
    /// `hear` trims a recording; a service gets all of it as it comes. nil when the engine cannot stream it now
    /// (the caller hears the recording).
    func startStream(language: String, sampleRate: Int) throws(SpeechError) -> (any SpeechStream)? {
        guard let streaming = engine as? any StreamingSpeechRecognizer,
              let stream = try streaming.startStream(language: language, sampleRate: sampleRate) else { return nil }
        return SpokenRequestStream(engine: stream, sampleRate: sampleRate, recognizer: self, language: language)
    }

    /// The readings, the one taken first.
    func recognize(_ audio: WaveAudio, language: String) async throws(SpeechError) -> [SpeechHypothesis] {
        try await hear(audio, language: language).ordered
    }
}

import Foundation
import Synchronization

/// Offline English speech recognition with pocketsphinx, restricted to a language model built from what
/// the assistant can do (`RecognitionModel`): the installed apps' phrasing, their names and the user's
/// vocabulary. Speech that model does not cover comes out as the nearest in-domain words, which
/// understanding then declines, or as nothing at all. One decoder hears one utterance at a time; while an
/// utterance streams into it (`startStream`), whole recordings are heard by a second one, made when first needed.
public final class PocketSphinxRecognizer: StreamingSpeechRecognizer {
    /// Debian's `pocketsphinx-en-us` acoustic model.
    public static let acousticModel = "/usr/share/pocketsphinx/model/en-us/en-us"
    /// The sample rate the acoustic model wants.
    public static let sampleRate = 16_000

    private struct Decoder: @unchecked Sendable {
        let library: PocketSphinxLibrary
        let config: OpaquePointer
        let decoder: OpaquePointer
    }

    /// The decoder, whether an utterance is streaming into it, and whether it has heard one yet.
    private struct Primary {
        let decoder: Decoder
        var streaming = false
        /// A decoder's first utterance streamed in is heard badly (measured: nothing heard at all), as the
        /// model's cepstral mean normalisation has no estimate from earlier speech yet: that one is heard whole.
        var primed = false
    }

    private let primary: Mutex<Primary>
    /// The decoder for whole recordings while the primary one is streaming.
    private let spare = Mutex<Decoder?>(nil)
    /// pocketsphinx's arguments, to make the spare decoder with.
    private let arguments: [String]
    /// The sample rate the decoder was set up for; audio at another rate is resampled to it.
    public let decoderRate: Int
    /// How many readings `recognize` returns at most.
    public let maximumHypotheses: Int

    public var languages: [String] { ["en"] }

    /// Whether the library and its English model are installed (without loading a model).
    public static var isAvailable: Bool {
        (try? PocketSphinxLibrary.load()) != nil && FileManager.default.fileExists(atPath: acousticModel + "/mdef")
            && FileManager.default.fileExists(atPath: PronunciationLexicon.defaultDictionary.path)
    }

    /// Decoder settings beyond pocketsphinx's defaults: a language weight that trusts the model of what the
    /// assistant can do more, and no spectral noise removal (measured: it cost clean recordings five points
    /// of requests right; a noisy room may want it back with `-remove_noise yes`).
    public static let defaultOptions = ["-lw", "10", "-remove_noise", "no"]

    /// A decoder for the model's files (`languageModel` ARPA, FSG when it ends in `.fsg`, JSGF in `.gram`; `dictionary`
    /// in CMU format); `options` are
    /// pocketsphinx's own ("-lw", "10"…), after the defaults.
    public init(languageModel: URL, dictionary: URL, acousticModel: String = PocketSphinxRecognizer.acousticModel,
                options: [String] = [], maximumHypotheses: Int = 5) throws(SpeechError) {
        let library = try PocketSphinxLibrary.load()
        guard FileManager.default.fileExists(atPath: acousticModel + "/mdef") else {
            throw SpeechError(.engineMissing, "pocketsphinx's English acoustic model is missing (\(acousticModel)); "
                              + "install it with `apt-get install pocketsphinx-en-us`")
        }
        let settings = Self.merged(["-samprate", "\(Self.sampleRate)"] + Self.defaultOptions, options)
        let search = switch languageModel.pathExtension {
        case "fsg": "-fsg"
        case "gram": "-jsgf"
        default: "-lm"
        }
        let arguments = ["parlance", "-hmm", acousticModel, search, languageModel.path, "-dict", dictionary.path,
                         "-logfn", "/dev/null"] + settings
        let rate = settings.firstIndex(of: "-samprate").flatMap { Double(settings[$0 + 1]) }.map { Int($0) } ?? Self.sampleRate
        primary = Mutex(Primary(decoder: try Self.makeDecoder(library: library, arguments: arguments)))
        self.arguments = arguments
        decoderRate = rate
        // A grammar's lattice makes n-best lists slow and says little: one reading.
        self.maximumHypotheses = search == "-lm" ? maximumHypotheses : 1
    }

    private static func makeDecoder(library: PocketSphinxLibrary, arguments: [String]) throws(SpeechError) -> Decoder {
        var pointers = arguments.map { strdup($0) }
        defer { for pointer in pointers { free(pointer) } }
        let config = pointers.withUnsafeMutableBufferPointer { buffer in
            library.parseArguments(nil, library.args(), Int32(buffer.count), buffer.baseAddress, 1)
        }
        guard let config else {
            throw SpeechError(.engineFailed, "pocketsphinx refused its configuration")
        }
        guard let decoder = library.create(config) else {
            _ = library.freeConfig(config)
            let files = arguments.indices.filter { ["-fsg", "-jsgf", "-lm", "-dict"].contains(arguments[$0]) }
                .compactMap { $0 + 1 < arguments.count ? URL(fileURLWithPath: arguments[$0 + 1]).lastPathComponent : nil }
            throw SpeechError(.engineFailed, "pocketsphinx could not load its model (\(files.joined(separator: ", ")))")
        }
        return Decoder(library: library, config: config, decoder: decoder)
    }

    deinit {
        primary.withLock { held in Self.release(held.decoder) }
        spare.withLock { held in if let held { Self.release(held) } }
    }

    private static func release(_ held: Decoder) {
        _ = held.library.free(held.decoder)
        _ = held.library.freeConfig(held.config)
    }

    public func recognize(_ audio: WaveAudio, language: String) throws(SpeechError) -> [SpeechHypothesis] {
        guard language.lowercased().hasPrefix("en") else {
            throw SpeechError(.unsupportedLanguage, "offline recognition is English only; use a Wyoming speech-to-text "
                              + "service for \(language)")
        }
        let samples = audio.sampleRate == decoderRate ? audio.samples : audio.resampled(to: decoderRate).samples
        let heard = try primary.withLock { held throws(SpeechError) -> [SpeechHypothesis]? in
            guard !held.streaming else { return nil }
            let readings = try Self.decode(samples, with: held.decoder, maximumHypotheses: maximumHypotheses)
            held.primed = true
            return readings
        }
        if let heard { return heard }
        return try spare.withLock { spare throws(SpeechError) -> [SpeechHypothesis] in
            let decoder: Decoder
            if let made = spare {
                decoder = made
            } else {
                decoder = try Self.makeDecoder(library: primary.withLock { $0.decoder.library }, arguments: arguments)
                spare = decoder
            }
            return try Self.decode(samples, with: decoder, maximumHypotheses: maximumHypotheses)
        }
    }

    /// Streams an utterance into the decoder, resampled to its rate as it comes; nil while another one streams.
    public func startStream(language: String, sampleRate: Int) throws(SpeechError) -> (any SpeechStream)? {
        guard language.lowercased().hasPrefix("en") else {
            throw SpeechError(.unsupportedLanguage, "offline recognition is English only; use a Wyoming speech-to-text "
                              + "service for \(language)")
        }
        guard sampleRate > 0 else { return nil }
        let started = try primary.withLock { held throws(SpeechError) -> Bool? in
            guard !held.streaming else { return nil }
            guard held.decoder.library.startUtterance(held.decoder.decoder) >= 0 else {
                throw SpeechError(.engineFailed, "pocketsphinx could not start an utterance")
            }
            held.streaming = true
            return held.primed
        }
        guard let primed = started else { return nil }
        return PocketSphinxStream(recognizer: self, resampler: StreamResampler(from: sampleRate, to: decoderRate),
                                  hearsWholeAtEnd: !primed)
    }

    /// Decodes more of the streaming utterance (at the decoder's rate).
    func processStreamed(_ samples: [Int16]) throws(SpeechError) {
        try primary.withLock { held throws(SpeechError) in
            guard held.streaming else { throw SpeechError(.engineFailed, "the utterance is no longer streaming") }
            let processed = samples.withUnsafeBufferPointer { buffer in
                held.decoder.library.processRaw(held.decoder.decoder, buffer.baseAddress, buffer.count, 0, 0)
            }
            guard processed >= 0 else { throw SpeechError(.engineFailed, "pocketsphinx could not decode the audio") }
        }
    }

    /// Ends the streaming utterance: its readings (none when `abandon`), and the decoder free again.
    func endStreamed(abandon: Bool = false) throws(SpeechError) -> [SpeechHypothesis] {
        try primary.withLock { held throws(SpeechError) -> [SpeechHypothesis] in
            guard held.streaming else { return [] }
            held.streaming = false
            guard held.decoder.library.endUtterance(held.decoder.decoder) >= 0 else {
                throw SpeechError(.engineFailed, "pocketsphinx could not decode the audio")
            }
            guard !abandon else { return [] }
            held.primed = true
            return try Self.readings(of: held.decoder, maximumHypotheses: maximumHypotheses)
        }
    }

    /// One whole utterance through a decoder.
    private static func decode(_ samples: [Int16], with held: Decoder, maximumHypotheses: Int) throws(SpeechError) -> [SpeechHypothesis] {
        let library = held.library
        guard library.startUtterance(held.decoder) >= 0 else {
            throw SpeechError(.engineFailed, "pocketsphinx could not start an utterance")
        }
        let processed = samples.withUnsafeBufferPointer { buffer in
            library.processRaw(held.decoder, buffer.baseAddress, buffer.count, 0, 1)
        }
        guard library.endUtterance(held.decoder) >= 0, processed >= 0 else {
            throw SpeechError(.engineFailed, "pocketsphinx could not decode the audio")
        }
        return try readings(of: held, maximumHypotheses: maximumHypotheses)
    }

    /// The readings of the utterance just ended, best first.
    private static func readings(of held: Decoder, maximumHypotheses: Int) throws(SpeechError) -> [SpeechHypothesis] {
        let library = held.library
        var bestScore: Int32 = 0
        guard let best = library.hypothesis(held.decoder, &bestScore).map({ String(cString: $0) }),
              !best.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
        let logMath = library.logMath(held.decoder)
        let posterior = library.exponent(logMath, library.probability(held.decoder))
        var readings = [SpeechHypothesis(text: Self.clean(best), score: Double(bestScore),
                                         confidence: posterior.isFinite ? min(1, max(0, posterior)) : nil)]
        var iterator = maximumHypotheses > 1 ? library.nbest(held.decoder) : nil
        while readings.count < maximumHypotheses, let current = iterator {
            var score: Int32 = 0
            if let text = library.nbestHypothesis(current, &score).map({ Self.clean(String(cString: $0)) }),
               !text.isEmpty, !readings.contains(where: { $0.text == text }) {
                readings.append(SpeechHypothesis(text: text, score: Double(score)))
            }
            iterator = library.nbestNext(current)
        }
        if let iterator { library.nbestFree(iterator) }
        return readings
    }

    /// Name-value pairs, later ones replacing earlier ones of the same name (pocketsphinx refuses repeats).
    static func merged(_ defaults: [String], _ overrides: [String]) -> [String] {
        var order: [String] = []
        var values: [String: String] = [:]
        for list in [defaults, overrides] {
            for index in stride(from: 0, to: list.count - 1, by: 2) {
                if values[list[index]] == nil { order.append(list[index]) }
                values[list[index]] = list[index + 1]
            }
        }
        return order.flatMap { [$0, values[$0] ?? ""] }
    }

    /// Drops the decoder's fillers (`<sil>`, `[noise]`) and alternate-pronunciation marks (`word(2)`).
    static func clean(_ text: String) -> String {
        text.split(separator: " ").compactMap { word -> String? in
            if word.hasPrefix("<") || word.hasPrefix("[") || word.hasPrefix("++") { return nil }
            if let open = word.firstIndex(of: "("), word.hasSuffix(")") { return String(word[..<open]) }
            return String(word)
        }.joined(separator: " ")
    }
}

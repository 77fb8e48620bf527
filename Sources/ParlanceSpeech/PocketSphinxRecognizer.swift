import Foundation
import Synchronization

/// Offline English speech recognition with pocketsphinx, restricted to a language model built from what
/// the assistant can do (`RecognitionModel`): the installed apps' phrasing, their names and the user's
/// vocabulary. Speech that model does not cover comes out as the nearest in-domain words, which
/// understanding then declines, or as nothing at all. One decoder, one utterance at a time.
public final class PocketSphinxRecognizer: SpeechRecognizer {
    /// Debian's `pocketsphinx-en-us` acoustic model.
    public static let acousticModel = "/usr/share/pocketsphinx/model/en-us/en-us"
    /// The sample rate the acoustic model wants.
    public static let sampleRate = 16_000

    private struct Decoder: @unchecked Sendable {
        let library: PocketSphinxLibrary
        let config: OpaquePointer
        let decoder: OpaquePointer
    }

    private let state: Mutex<Decoder>
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
        var pointers = arguments.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        let config = pointers.withUnsafeMutableBufferPointer { buffer in
            library.parseArguments(nil, library.args(), Int32(buffer.count), buffer.baseAddress, 1)
        }
        guard let config else {
            throw SpeechError(.engineFailed, "pocketsphinx refused its configuration")
        }
        guard let decoder = library.create(config) else {
            _ = library.freeConfig(config)
            throw SpeechError(.engineFailed, "pocketsphinx could not load its model (\(languageModel.lastPathComponent), "
                              + "\(dictionary.lastPathComponent))")
        }
        state = Mutex(Decoder(library: library, config: config, decoder: decoder))
        decoderRate = rate
        // A grammar's lattice makes n-best lists slow and says little: one reading.
        self.maximumHypotheses = search == "-lm" ? maximumHypotheses : 1
    }

    deinit {
        state.withLock { held in
            _ = held.library.free(held.decoder)
            _ = held.library.freeConfig(held.config)
        }
    }

    public func recognize(_ audio: WaveAudio, language: String) throws(SpeechError) -> [SpeechHypothesis] {
        guard language.lowercased().hasPrefix("en") else {
            throw SpeechError(.unsupportedLanguage, "offline recognition is English only; use a Wyoming speech-to-text "
                              + "service for \(language)")
        }
        let samples = audio.sampleRate == decoderRate ? audio.samples : audio.resampled(to: decoderRate).samples
        return try state.withLock { held throws(SpeechError) -> [SpeechHypothesis] in
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

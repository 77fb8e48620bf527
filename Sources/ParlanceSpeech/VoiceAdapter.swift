import Foundation
import Synchronization

/// Speaker adaptation: pocketsphinx's English acoustic model, trained on many people, fitted to one voice
/// from recordings of known sentences, with SphinxTrain's programs (Debian's `sphinxtrain` and
/// `sphinxbase-utils`). Two passes of a global linear transform of the model's means (MLLR: the first
/// transform lets recordings the stock model cannot align join the second), then maximum a posteriori
/// re-estimation of means, variances and mixture weights from the transformed model. The result is a model
/// folder pocketsphinx loads in place of the stock one.
public struct VoiceAdapter: Sendable {
    /// One recording and the words said in it.
    public struct Recording: Sendable {
        /// How reports name it (the file's path).
        public var name: String
        /// The recording, at any rate.
        public var audio: WaveAudio
        /// The words said, as written.
        public var text: String

        public init(name: String, audio: WaveAudio, text: String) {
            self.name = name
            self.audio = audio
            self.text = text
        }
    }

    /// What adaptation used.
    public struct Report: Sendable, Equatable {
        /// Recordings the adapted model was estimated from.
        public var used: [String]
        /// Recordings that did not match their text (another sentence read, cut short, mostly noise).
        public var leftOut: [String]
        /// Seconds of speech used.
        public var seconds: Double
    }

    /// The stock model adapted from.
    public let baseModel: URL
    /// Where SphinxTrain's programs are (`bw`, `mllr_solve`, `mllr_transform`, `map_adapt`).
    public let trainerFolder: URL
    /// How long one of SphinxTrain's programs may run.
    static let stepLimit: TimeInterval = 600
    /// Fewer recordings than this are refused: a transform from a handful of sentences fits them, not the voice.
    public static let minimumRecordings = 5

    /// An adapter from `baseModel` (pocketsphinx's folder form) with SphinxTrain's programs in `trainerFolder`.
    public init(baseModel: URL = URL(fileURLWithPath: PocketSphinxRecognizer.acousticModel),
                trainerFolder: URL = URL(fileURLWithPath: "/usr/lib/sphinxtrain")) {
        self.baseModel = baseModel
        self.trainerFolder = trainerFolder
    }

    /// Whether the programs adaptation runs are installed.
    public var isAvailable: Bool { missingPackages.isEmpty }

    /// Debian packages to install before adapting.
    public var missingPackages: [String] {
        var missing: [String] = []
        let manager = FileManager.default
        if ["bw", "mllr_solve", "mllr_transform", "map_adapt"].contains(where: {
            !manager.isExecutableFile(atPath: trainerFolder.appendingPathComponent($0).path)
        }) { missing.append("sphinxtrain") }
        if Self.program("sphinx_fe") == nil { missing.append("sphinxbase-utils") }
        if Self.program("pocketsphinx_mdef_convert") == nil { missing.append("pocketsphinx") }
        if !manager.fileExists(atPath: baseModel.appendingPathComponent("mdef").path) { missing.append("pocketsphinx-en-us") }
        return missing
    }

    /// Adapts the stock model to the voice in `recordings` and writes the adapted model's files into `output`
    /// (created). `work` is a scratch folder, removed afterwards. The programs run on a thread of their own.
    public func adapt(_ recordings: [Recording], lexicon: PronunciationLexicon, into output: URL,
                      work: URL) async throws(SpeechError) -> Report {
        try await BlockingWork.run { () throws(SpeechError) -> Report in
            try adaptNow(recordings, lexicon: lexicon, into: output, work: work)
        }
    }

    private func adaptNow(_ recordings: [Recording], lexicon: PronunciationLexicon, into output: URL,
                          work: URL) throws(SpeechError) -> Report {
        guard isAvailable else {
            throw SpeechError(.engineMissing, "adapting to a voice needs SphinxTrain's programs; install them with "
                              + "`apt-get install \(missingPackages.joined(separator: " "))`")
        }
        guard recordings.count >= Self.minimumRecordings else {
            throw SpeechError(.unreadableAudio, "adapting needs at least \(Self.minimumRecordings) recordings "
                              + "(\(recordings.count) given); `parlance voice prompts` lists sentences to read")
        }
        let manager = FileManager.default
        defer { try? manager.removeItem(at: work) }
        do {
            try manager.createDirectory(at: work.appendingPathComponent("wav"), withIntermediateDirectories: true)
            try manager.createDirectory(at: work.appendingPathComponent("mfc"), withIntermediateDirectories: true)
        } catch {
            throw SpeechError(.engineFailed, "cannot make a scratch folder at \(work.path): \(error.localizedDescription)")
        }

        // The recordings as the recogniser hears them: only the speech, at the model's rate.
        var identifiers: [String] = [], transcripts: [String] = [], names: [String: String] = [:]
        var words: Set<String> = [], seconds: [String: Double] = [:]
        for (index, recording) in recordings.enumerated() {
            let said = SpokenWords.words(recording.text)
            guard !said.isEmpty else {
                throw SpeechError(.unreadableAudio, "\(recording.name) has no words to match it with")
            }
            guard let speech = VoiceActivityDetector.speech(in: recording.audio) else {
                throw SpeechError(.unreadableAudio, "\(recording.name) has no speech in it")
            }
            let audio = speech.resampled(to: PocketSphinxRecognizer.sampleRate)
            let identifier = String(format: "u%04d", index + 1)
            try write(audio.wav, to: work.appendingPathComponent("wav/\(identifier).wav"))
            identifiers.append(identifier)
            names[identifier] = recording.name
            seconds[identifier] = Double(audio.samples.count) / Double(audio.sampleRate)
            transcripts.append("<s> \(said.joined(separator: " ")) </s> (\(identifier))")
            words.formUnion(said)
        }
        // One pronunciation a word: the trainer aligns to the first and ignores alternates.
        let pronunciations = lexicon.pronounce(Array(words))
        if let unsayable = words.sorted().first(where: { pronunciations[$0]?.first == nil }) {
            throw SpeechError(.unreadableAudio, "no pronunciation for “\(unsayable)”")
        }
        let dictionary = words.sorted().compactMap { word in pronunciations[word]?.first.map { "\(word) \($0)" } }
        try write(Data((identifiers.joined(separator: "\n") + "\n").utf8), to: work.appendingPathComponent("fileids"))
        try write(Data((transcripts.joined(separator: "\n") + "\n").utf8), to: work.appendingPathComponent("transcription"))
        try write(Data((dictionary.joined(separator: "\n") + "\n").utf8), to: work.appendingPathComponent("dict"))

        // The stock model in the forms SphinxTrain reads: a text model definition, plain mixture weights.
        let stock = work.appendingPathComponent("stock")
        let staged = work.appendingPathComponent("staged")
        for folder in [stock, staged, output] {
            do {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw SpeechError(.engineFailed, "cannot make \(folder.path): \(error.localizedDescription)")
            }
        }
        for file in ["means", "variances", "transition_matrices", "feat.params", "noisedict", "mdef"] {
            try copy(baseModel.appendingPathComponent(file), to: stock.appendingPathComponent(file))
        }
        try write(try stockMixtureWeights(), to: stock.appendingPathComponent("mixture_weights"))
        let textDefinition = work.appendingPathComponent("mdef.txt")
        try run(Self.program("pocketsphinx_mdef_convert"), ["-text", baseModel.appendingPathComponent("mdef").path,
                                                           textDefinition.path], log: work.appendingPathComponent("mdef.log"))
        let features = try featureSettings()
        try run(Self.program("sphinx_fe"), ["-argfile", baseModel.appendingPathComponent("feat.params").path,
                                            "-samprate", "\(PocketSphinxRecognizer.sampleRate)",
                                            "-c", work.appendingPathComponent("fileids").path,
                                            "-di", work.appendingPathComponent("wav").path,
                                            "-do", work.appendingPathComponent("mfc").path,
                                            "-ei", "wav", "-eo", "mfc", "-mswav", "yes"],
                log: work.appendingPathComponent("fe.log"))

        func counts(_ model: URL, pass: Int, transform: URL? = nil) throws(SpeechError) -> [String] {
            let counts = work.appendingPathComponent("counts\(pass)")
            do {
                try manager.createDirectory(at: counts, withIntermediateDirectories: true)
            } catch {
                throw SpeechError(.engineFailed, "cannot make \(counts.path): \(error.localizedDescription)")
            }
            let log = work.appendingPathComponent("bw\(pass).log")
            try run(trainerFolder.appendingPathComponent("bw").path,
                    ["-hmmdir", model.path, "-moddeffn", textDefinition.path, "-ts2cbfn", ".ptm.",
                     "-dictfn", work.appendingPathComponent("dict").path,
                     "-fdictfn", baseModel.appendingPathComponent("noisedict").path,
                     "-ctlfn", work.appendingPathComponent("fileids").path,
                     "-lsnfn", work.appendingPathComponent("transcription").path,
                     "-cepdir", work.appendingPathComponent("mfc").path, "-accumdir", counts.path]
                    + features + (transform.map { ["-mllrmat", $0.path] } ?? []),
                    log: log)
            // The trainer names each recording it could not align ("u0004 ignored").
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return identifiers.filter { text.contains("\($0) ignored") }
        }
        func solve(pass: Int) throws(SpeechError) -> URL {
            let matrix = work.appendingPathComponent("mllr\(pass)")
            try run(trainerFolder.appendingPathComponent("mllr_solve").path,
                    ["-meanfn", stock.appendingPathComponent("means").path,
                     "-varfn", stock.appendingPathComponent("variances").path,
                     "-outmllrfn", matrix.path, "-accumdir", work.appendingPathComponent("counts\(pass)").path],
                    log: work.appendingPathComponent("mllr\(pass).log"))
            return matrix
        }

        let firstMisses = try counts(stock, pass: 1)
        guard firstMisses.count < identifiers.count else {
            throw SpeechError(.unreadableAudio, "none of the recordings matched its text; read each sentence as written, "
                              + "one recording per sentence, in the order given")
        }
        let first = try solve(pass: 1)
        _ = try counts(stock, pass: 2, transform: first)
        let second = try solve(pass: 2)
        for file in ["variances", "transition_matrices", "mixture_weights", "feat.params", "noisedict", "mdef"] {
            try copy(stock.appendingPathComponent(file), to: staged.appendingPathComponent(file))
        }
        try run(trainerFolder.appendingPathComponent("mllr_transform").path,
                ["-inmeanfn", stock.appendingPathComponent("means").path,
                 "-outmeanfn", staged.appendingPathComponent("means").path, "-mllrmat", second.path],
                log: work.appendingPathComponent("transform.log"))
        let misses = try counts(staged, pass: 3)
        guard misses.count < identifiers.count else {
            throw SpeechError(.unreadableAudio, "none of the recordings matched its text after a first fit")
        }
        try run(trainerFolder.appendingPathComponent("map_adapt").path,
                ["-moddeffn", textDefinition.path, "-ts2cbfn", ".ptm.",
                 "-meanfn", staged.appendingPathComponent("means").path,
                 "-varfn", staged.appendingPathComponent("variances").path,
                 "-mixwfn", staged.appendingPathComponent("mixture_weights").path,
                 "-tmatfn", staged.appendingPathComponent("transition_matrices").path,
                 "-accumdir", work.appendingPathComponent("counts3").path,
                 "-mapmeanfn", output.appendingPathComponent("means").path,
                 "-mapvarfn", output.appendingPathComponent("variances").path,
                 "-mapmixwfn", output.appendingPathComponent("mixture_weights").path,
                 "-maptmatfn", output.appendingPathComponent("transition_matrices").path],
                log: work.appendingPathComponent("map.log"))
        for file in ["feat.params", "noisedict", "mdef"] {
            try copy(stock.appendingPathComponent(file), to: output.appendingPathComponent(file))
        }
        let used = identifiers.filter { !misses.contains($0) }
        return Report(used: used.compactMap { names[$0] }, leftOut: misses.compactMap { names[$0] },
                      seconds: used.reduce(0) { $0 + (seconds[$1] ?? 0) })
    }

    /// The stock model's mixture weights as SphinxTrain reads them.
    private func stockMixtureWeights() throws(SpeechError) -> Data {
        let plain = baseModel.appendingPathComponent("mixture_weights")
        if let data = try? Data(contentsOf: plain) { return data }
        let data: Data
        do {
            data = try Data(contentsOf: baseModel.appendingPathComponent("sendump"))
        } catch {
            throw SpeechError(.engineMissing, "the acoustic model at \(baseModel.path) has no mixture weights")
        }
        return try MixtureWeights(sendump: data).sphinxFile
    }

    /// The feature settings of the stock model the trainer must use as the recogniser does.
    private func featureSettings() throws(SpeechError) -> [String] {
        let text: String
        do {
            text = try String(contentsOf: baseModel.appendingPathComponent("feat.params"), encoding: .utf8)
        } catch {
            throw SpeechError(.engineMissing, "the acoustic model at \(baseModel.path) has no feat.params")
        }
        var settings: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            if parts.count == 2 { settings[parts[0]] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        let defaults = ["-feat": "1s_c_d_dd", "-cmn": "batch", "-agc": "none", "-varnorm": "no"]
        var arguments: [String] = []
        for name in ["-feat", "-svspec", "-cmn", "-agc", "-varnorm"] {
            if let value = settings[name] ?? defaults[name] { arguments += [name, value] }
        }
        return arguments
    }

    /// The program's path on `PATH` (or the usual folders), if installed.
    static func program(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a program to its end with its output in `log`; a failure quotes the log's last error line.
    private func run(_ program: String?, _ arguments: [String], log: URL) throws(SpeechError) {
        guard let program else { throw SpeechError(.engineMissing, "a SphinxTrain program is missing") }
        let name = URL(fileURLWithPath: program).lastPathComponent
        guard FileManager.default.createFile(atPath: log.path, contents: nil),
              let output = try? FileHandle(forWritingTo: log) else {
            throw SpeechError(.engineFailed, "cannot write \(log.path)")
        }
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw SpeechError(.engineFailed, "could not start \(name): \(error.localizedDescription)")
        }
        // A trainer that never finishes must not hold the command forever (50 recordings take seconds a step).
        let stopped = Atomic(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.stepLimit) {
            if process.isRunning {
                stopped.store(true, ordering: .relaxed)
                process.terminate()
            }
        }
        process.waitUntilExit()
        if stopped.load(ordering: .relaxed) {
            throw SpeechError(.engineFailed, "\(name) took over \(Int(Self.stepLimit / 60)) minutes and was stopped")
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            let reason = text.split(separator: "\n").last { $0.contains("ERROR") || $0.contains("FATAL") }
                ?? text.split(separator: "\n").last ?? "no output"
            throw SpeechError(.engineFailed, "\(name) failed (\(process.terminationStatus)): \(reason)")
        }
    }

    private func write(_ data: Data, to url: URL) throws(SpeechError) {
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw SpeechError(.engineFailed, "cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    private func copy(_ source: URL, to target: URL) throws(SpeechError) {
        do {
            try FileManager.default.copyItem(at: source, to: target)
        } catch {
            throw SpeechError(.engineMissing, "cannot copy \(source.path): \(error.localizedDescription)")
        }
    }
}

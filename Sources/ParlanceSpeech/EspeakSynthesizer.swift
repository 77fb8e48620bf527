import Foundation

/// Speech out through espeak-ng (the Debian package `espeak-ng`), run as a program for each answer so
/// that Parlance builds and runs without it. Voices: en-us, de, fr-fr, it, ja (reads kana; kanji are
/// not read as words), cmn (Mandarin; espeak-ng's dictionary misses many characters). docs/speech.md
/// lists the limits; a Wyoming text-to-speech service serves what it does badly.
public struct EspeakSynthesizer: SpeechSynthesizer {
    /// The voice per language.
    public static let voices = ["en": "en-us", "de": "de", "fr": "fr-fr", "it": "it", "ja": "ja", "zh": "cmn"]
    /// Where the program is looked for, first found wins.
    static let programPaths = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"]

    let program: String?

    public init(program: String? = nil) {
        self.program = program ?? Self.programPaths.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether espeak-ng is installed.
    public var isAvailable: Bool { program != nil }

    public var languages: [String] { Self.voices.keys.sorted() }

    public func synthesize(_ text: String, language: String, voice: VoiceStyle) async throws(SpeechError) -> WaveAudio {
        try await BlockingWork.run { () throws(SpeechError) -> WaveAudio in try speak(text, language: language, voice: voice) }
    }

    /// Runs espeak-ng to its end: blocks the calling thread.
    private func speak(_ text: String, language: String, voice: VoiceStyle) throws(SpeechError) -> WaveAudio {
        guard let program else {
            throw SpeechError(.engineMissing, "espeak-ng is not installed, so Parlance cannot speak; install it with "
                              + "`apt-get install espeak-ng` or use a Wyoming text-to-speech service")
        }
        let base = String(language.lowercased().prefix { $0 != "-" && $0 != "_" })
        guard let name = Self.voices[base] else {
            throw SpeechError(.unsupportedLanguage, "espeak-ng has no voice for \(language) here; languages: "
                              + languages.joined(separator: ", "))
        }
        let variant = voice.variant.map { "+" + $0.filter { $0.isLetter || $0.isNumber } } ?? ""
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-v", name + variant, "-s", "\(max(80, min(450, voice.wordsPerMinute)))",
                             "-p", "\(max(0, min(99, voice.pitch)))", "-b", "1", "--stdout"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw SpeechError(.engineFailed, "could not start espeak-ng: \(error.localizedDescription)")
        }
        // Text goes in on stdin (never as an argument an option could be read from); the output is read
        // on this thread while a second one writes, so neither pipe fills up.
        let spoken = Data(text.replacingOccurrences(of: "\0", with: " ").utf8)
        let writer = Thread {
            input.fileHandleForWriting.write(spoken)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let audio = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SpeechError(.engineFailed, "espeak-ng failed (\(process.terminationStatus)): "
                              + message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return try WaveAudio(wav: audio)
    }
}

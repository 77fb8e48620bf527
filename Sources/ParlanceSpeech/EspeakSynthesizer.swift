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

    public var languages: [String] { VoiceLanguages.offline.codes }

    public func synthesize(_ text: String, language: String, voice: VoiceStyle) async throws(SpeechError) -> WaveAudio {
        try await BlockingWork.run { () throws(SpeechError) -> WaveAudio in try speak(text, language: language, voice: voice) }
    }

    /// Runs espeak-ng to its end: blocks the calling thread.
    private func speak(_ text: String, language: String, voice: VoiceStyle) throws(SpeechError) -> WaveAudio {
        guard let program else {
            throw SpeechError(.engineMissing, "espeak-ng is not installed, so Parlance cannot speak; install it with "
                              + "`apt-get install espeak-ng` or use a Wyoming text-to-speech service")
        }
        guard let name = Self.voices[try VoiceLanguages.offline.check(language)] else {
            throw SpeechError(.unsupportedLanguage, "espeak-ng has no voice for \(language)")
        }
        guard !text.allSatisfy({ $0.isWhitespace || $0 == "\0" }) else { throw SpeechError.nothingToSay }
        var variant = ""
        if let asked = voice.variant { variant = "+" + (try self.variant(named: asked)) }
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

    /// The voice variants espeak-ng has (`espeak-ng --voices=variant`: "f3", "m2", "Alex"…), sorted.
    public func variants() throws(SpeechError) -> [String] {
        guard let program else { return [] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["--voices=variant"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw SpeechError(.engineFailed, "could not start espeak-ng: \(error.localizedDescription)")
        }
        let listing = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // Each line after the heading ends in the variant's file, "!v/f3", whose name is the variant's.
        let names = listing.split(separator: "\n").dropFirst().compactMap { line -> String? in
            guard let file = line.split(separator: " ").first(where: { $0.hasPrefix("!v/") }) else { return nil }
            return String(file.dropFirst(3))
        }
        return Set(names).sorted { $0.lowercased() < $1.lowercased() }
    }

    /// A variant as espeak-ng names it ("alex" is "Alex"); one it does not have is an error listing those it has,
    /// never the default voice in its place.
    private func variant(named asked: String) throws(SpeechError) -> String {
        let known = try variants()
        if known.contains(asked) { return asked }
        let alike = known.filter { $0.lowercased() == asked.lowercased() }
        if alike.count == 1, let only = alike.first { return only }
        throw SpeechError(.unknownVoice, "espeak-ng has no voice variant \"\(asked)\"; its variants: "
                          + known.joined(separator: ", "))
    }
}

import Foundation

/// A language's words' sounds as espeak-ng reads them in that language's voice (its IPA transcription), for
/// German, French and Italian, whose names a recogniser spells as the language would.
public struct EspeakWordSounds: WordSounds {
    let program: String
    let voice: String

    /// Nil when espeak-ng is not installed.
    public init?(voice: String) {
        guard let program = EspeakSynthesizer.programPaths.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        self.program = program
        self.voice = voice
    }

    public func keys(for words: [String]) -> [String: SoundKey] {
        let wanted = Array(Set(words.map { $0.lowercased() }.filter { !$0.isEmpty && $0.allSatisfy(\.isLetter) })).sorted()
        guard !wanted.isEmpty else { return [:] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-q", "--ipa", "-v", voice, "-b", "1"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [:] }
        // One word a line, each its own clause, so each comes back on its own line.
        let text = Data(wanted.map { $0 + ".\n" }.joined().utf8)
        let writer = Thread {
            input.fileHandleForWriting.write(text)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: true)
        process.waitUntilExit()
        guard lines.count == wanted.count else { return [:] }
        var keys: [String: SoundKey] = [:]
        for (word, line) in zip(wanted, lines) {
            let key = SoundKey(ipa: String(line))
            if !key.phones.isEmpty { keys[word] = key }
        }
        return keys
    }
}

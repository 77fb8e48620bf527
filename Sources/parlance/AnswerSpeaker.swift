import Foundation
import ParlanceSpeech

/// Speaks `chat --speech`'s answers one after another, in the order they came: played through the
/// machine's audio player, or written as numbered WAV files into a folder. A new request from the user
/// stops what is being said and drops what was waiting (the user has moved on).
actor AnswerSpeaker {
    private let voice: any SpeechSynthesizer
    private let folder: URL?
    private let player: [String]?
    private var written = 0
    private var playing: Process?
    private var generation = 0
    private var reportedFailure = false

    /// Answers are played with `player` (a program and its arguments; the WAV file's path is added), or
    /// written into `folder` when one is given.
    init(voice: any SpeechSynthesizer, folder: URL?, player: [String]?) {
        self.voice = voice
        self.folder = folder
        self.player = player
    }

    /// The first audio player found on this machine (PipeWire, PulseAudio, ALSA), or nil.
    static func findPlayer() -> [String]? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for (program, arguments) in [("pw-play", []), ("paplay", []), ("aplay", ["-q"])] as [(String, [String])] {
            for directory in path.split(separator: ":") {
                let candidate = "\(directory)/\(program)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return [candidate] + arguments }
            }
        }
        return nil
    }

    /// Which answers are current: those asked for after the last interruption.
    func currentGeneration() -> Int { generation }

    /// Speaks `text` in `language`, unless the user interrupted since it was queued (`queuedIn`).
    func speak(_ text: String, language: String, queuedIn: Int) async {
        guard queuedIn == generation, !text.isEmpty else { return }
        let audio: WaveAudio
        do {
            audio = try await voice.synthesize(text, language: language, voice: .standard)
        } catch {
            report("note: cannot speak the answer: \(error.message)")
            return
        }
        guard queuedIn == generation else { return }
        if let folder {
            written += 1
            let file = folder.appendingPathComponent(String(format: "answer-%04d.wav", written))
            do {
                try audio.wav.write(to: file, options: .atomic)
            } catch {
                report("note: cannot write \(file.path): \(error.localizedDescription)")
            }
            return
        }
        await play(audio)
    }

    /// Stops the answer being spoken and forgets those waiting.
    func interrupt() {
        generation += 1
        playing?.terminate()
        playing = nil
    }

    private func play(_ audio: WaveAudio) async {
        guard let player else { return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-answer-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try audio.wav.write(to: file, options: .atomic)
        } catch {
            report("note: cannot play the answer: \(error.localizedDescription)")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: player[0])
        process.arguments = Array(player.dropFirst()) + [file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            process.terminationHandler = { _ in finished.resume() }
            do {
                try process.run()
                playing = process
            } catch {
                process.terminationHandler = nil
                report("note: cannot play the answer with \(player[0]): \(error.localizedDescription)")
                finished.resume()
            }
        }
        if playing === process { playing = nil }
    }

    /// Says a problem once, not at every answer.
    private func report(_ message: String) {
        guard !reportedFailure else { return }
        reportedFailure = true
        Terminal.error(message)
    }
}

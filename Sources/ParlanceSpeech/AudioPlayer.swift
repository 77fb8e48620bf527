import Foundation
import Synchronization

/// Plays audio through the machine's own player program (PipeWire's `pw-play`, PulseAudio's `paplay`,
/// ALSA's `aplay`, the first found), so Parlance needs no audio library.
public struct AudioPlayer: Sendable {
    /// The program and its arguments; the WAV file's path is added.
    public let command: [String]

    public init(command: [String]) {
        self.command = command
    }

    /// The first player found on the `PATH`, or nil.
    public static func find() -> AudioPlayer? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for (program, arguments) in [("pw-play", []), ("paplay", []), ("aplay", ["-q"])] as [(String, [String])] {
            for directory in path.split(separator: ":") {
                let candidate = "\(directory)/\(program)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return AudioPlayer(command: [candidate] + arguments) }
            }
        }
        return nil
    }

    /// Audio being played: it can be waited for and stopped.
    public final class Playback: Sendable {
        private let process: Process
        private let file: URL
        private let finished = Mutex<CheckedContinuation<Void, Never>?>(nil)
        private let ended = Mutex(false)

        init(process: Process, file: URL) {
            self.process = process
            self.file = file
        }

        func started() {
            process.terminationHandler = { [self] _ in
                try? FileManager.default.removeItem(at: file)
                ended.withLock { $0 = true }
                finished.withLock { waiting in
                    waiting?.resume()
                    waiting = nil
                }
            }
        }

        /// Returns when the audio has been played (or stopped).
        public func wait() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done = ended.withLock { $0 }
                if done {
                    continuation.resume()
                } else {
                    finished.withLock { $0 = continuation }
                    // It may have ended between the two looks.
                    if ended.withLock({ $0 }) { finished.withLock { waiting in waiting?.resume(); waiting = nil } }
                }
            }
        }

        /// Stops playing.
        public func stop() {
            if process.isRunning { process.terminate() }
        }
    }

    /// Starts playing `audio`.
    public func play(_ audio: WaveAudio) throws(SpeechError) -> Playback {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-audio-\(UUID().uuidString).wav")
        do {
            try audio.wav.write(to: file, options: .atomic)
        } catch {
            throw SpeechError(.engineFailed, "cannot write the audio to play: \(error.localizedDescription)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst()) + [file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let playback = Playback(process: process, file: file)
        playback.started()
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw SpeechError(.engineMissing, "cannot play audio with \(command[0]): \(error.localizedDescription)")
        }
        return playback
    }
}

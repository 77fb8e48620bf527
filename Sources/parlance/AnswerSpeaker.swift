import Foundation
import ParlanceSpeech

/// Speaks `chat --speech`'s answers one after another, in the order they came: played through the
/// machine's audio player, or written as numbered WAV files into a folder. A new request from the user
/// stops what is being said and drops what was waiting (the user has moved on).
actor AnswerSpeaker {
    private let voice: any SpeechSynthesizer
    private let folder: URL?
    private let player: AudioPlayer?
    private var written = 0
    private var playing: AudioPlayer.Playback?
    private var generation = 0
    private var reportedFailure = false

    /// Answers are played with `player`, or written into `folder` when one is given.
    init(voice: any SpeechSynthesizer, folder: URL?, player: AudioPlayer?) {
        self.voice = voice
        self.folder = folder
        self.player = player
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
        playing?.stop()
        playing = nil
    }

    private func play(_ audio: WaveAudio) async {
        guard let player else { return }
        do {
            let playback = try player.play(audio)
            playing = playback
            await playback.wait()
            if playing === playback { playing = nil }
        } catch {
            report("note: cannot play the answer: \(error.message)")
        }
    }

    /// Says a problem once, not at every answer.
    private func report(_ message: String) {
        guard !reportedFailure else { return }
        reportedFailure = true
        Terminal.error(message)
    }
}

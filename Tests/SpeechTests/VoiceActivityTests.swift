import Foundation
@testable import ParlanceSpeech
import Testing

/// End-pointing: where speech is in a recording, and when a streamed utterance has ended.
@Suite("Voice activity")
struct VoiceActivityTests {
    /// Quiet noise with a loud, voice-like stretch (a mix of tones) from `start` to `end` seconds.
    static func recording(seconds: Double, speech: ClosedRange<Double>?, rate: Int = 16_000) -> WaveAudio {
        var generator = SystemRandomNumberGenerator()
        let samples = (0..<Int(seconds * Double(rate))).map { index -> Int16 in
            let time = Double(index) / Double(rate)
            var value = Double(Int.random(in: -60...60, using: &generator))  // about -55 dBFS of room noise
            if let speech, speech.contains(time) {
                value += 6_000 * sin(2 * .pi * 180 * time) + 3_000 * sin(2 * .pi * 720 * time)
            }
            return Int16(max(-32_768, min(32_767, value)))
        }
        return WaveAudio(sampleRate: rate, samples: samples)
    }

    @Test("a recording is cut to its speech with 200 ms either side; noise alone has none")
    func trimming() throws {
        let audio = Self.recording(seconds: 3, speech: 1.0...2.0)
        let speech = try #require(VoiceActivityDetector.speech(in: audio))
        let seconds = Double(speech.samples.count) / 16_000
        #expect(seconds > 1.3 && seconds < 1.5, "\\(seconds)")
        #expect(VoiceActivityDetector.speech(in: Self.recording(seconds: 2, speech: nil)) == nil)
        #expect(VoiceActivityDetector.speech(in: WaveAudio(sampleRate: 16_000, samples: [])) == nil)
        // Speech from the very first sample is kept.
        let early = try #require(VoiceActivityDetector.speech(in: Self.recording(seconds: 2, speech: 0...1)))
        #expect(Double(early.samples.count) / 16_000 > 1.1)
    }

    @Test("a stream ends after speech and 800 ms of silence, in chunks of any size, not before")
    func streaming() {
        let audio = Self.recording(seconds: 4, speech: 0.5...1.5)
        var detector = VoiceActivityDetector(sampleRate: 16_000)
        var endedAt: Double?
        var offset = 0
        for size in [1_024, 333, 4_096, 77].cycled(until: audio.samples.count) {
            let end = min(audio.samples.count, offset + size)
            if detector.append(Array(audio.samples[offset..<end])), endedAt == nil { endedAt = Double(end) / 16_000 }
            offset = end
            if offset == audio.samples.count { break }
        }
        #expect(detector.heardSpeech)
        let ended = endedAt ?? 0
        #expect(ended > 2.2 && ended < 2.6, "\\(ended)")
        var quiet = VoiceActivityDetector(sampleRate: 16_000)
        let endedQuietly = quiet.append(Self.recording(seconds: 3, speech: nil).samples)
        #expect(!endedQuietly)
        #expect(!quiet.heardSpeech)
    }

    @Test("raw PCM in any width and channel count reads as the same mono samples")
    func pcm() throws {
        let audio = WaveAudio(sampleRate: 22_050, samples: [0, 1_000, -1_000, 32_767, -32_768])
        #expect(try WaveAudio(pcm: audio.pcm, sampleRate: 22_050, width: 2, channels: 1) == audio)
        var stereo = Data()
        for sample in audio.samples { for _ in 0..<2 { withUnsafeBytes(of: sample.littleEndian) { stereo.append(contentsOf: $0) } } }
        #expect(try WaveAudio(pcm: stereo, sampleRate: 22_050, width: 2, channels: 2) == audio)
        #expect(throws: SpeechError.self) { try WaveAudio(pcm: Data([1, 2]), sampleRate: 16_000, width: 5, channels: 1) }
    }
}

private extension Array {
    /// The elements over and over, enough of them to cover `total` when summed as sizes.
    func cycled(until total: Int) -> [Element] where Element == Int {
        var result: [Int] = []
        var sum = 0
        while sum < total { for size in self { result.append(size); sum += size } }
        return result
    }
}

/// Playing audio through a player program.
@Suite("Audio player")
struct AudioPlayerTests {
    @Test("the player program gets a WAV file that is gone once played; a missing program is a clear error")
    func plays() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("player-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("played.wav")
        // A "player" that keeps a copy of what it was given.
        let player = AudioPlayer(command: ["/bin/sh", "-c", "cp \"$1\" \(copy.path)", "player"])
        let audio = WaveAudio(sampleRate: 16_000, samples: [0, 100, -100, 0])
        let playback = try player.play(audio)
        await playback.wait()
        #expect(try WaveAudio(contentsOf: copy) == audio)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .filter { $0.hasPrefix("parlance-audio-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        #expect(throws: SpeechError.self) { try AudioPlayer(command: ["/nonexistent/player"]).play(audio) }
    }
}

import Foundation
@testable import ParlanceSpeech
import Testing

/// What streaming recognition is built from: the speech of a stream passed on as it becomes known, and its
/// rate changed chunk by chunk.
@Suite struct SpeechStreamingTests {
    /// Silence, a tone (speech to the detector), a pause, a tone again, and a long silence, at `rate`.
    static func utterance(rate: Int) -> [Int16] {
        func tone(_ seconds: Double) -> [Int16] {
            (0..<Int(seconds * Double(rate))).map { Int16(8_000 * sin(Double($0) * 2 * .pi * 220 / Double(rate))) }
        }
        func quiet(_ seconds: Double) -> [Int16] { [Int16](repeating: 0, count: Int(seconds * Double(rate))) }
        return quiet(0.6) + tone(0.7) + quiet(0.4) + tone(0.5) + quiet(1.5)
    }

    @Test func theGatePassesOnTheSpeechARecordingWouldBeTrimmedTo() throws {
        let rate = 16_000
        let samples = Self.utterance(rate: rate)
        let trimmed = try #require(VoiceActivityDetector.speech(in: WaveAudio(sampleRate: rate, samples: samples)))
        for chunk in [160, 1_024, 4_000] {
            var gate = SpeechGate(sampleRate: rate)
            var passed: [Int16] = []
            for start in stride(from: 0, to: samples.count, by: chunk) {
                passed += gate.append(Array(samples[start..<min(start + chunk, samples.count)]))
            }
            #expect(gate.heardSpeech)
            // The stream's noise floor is learnt as it comes, the recording's from all of it: the same speech,
            // give or take a frame at either end.
            #expect(abs(passed.count - trimmed.samples.count) <= 2 * rate / 100, "chunks of \(chunk)")
            // Not the trailing silence: it ends 200 ms after the last tone.
            #expect(passed.count < samples.count - rate)
        }
        var silent = SpeechGate(sampleRate: rate)
        #expect(silent.append([Int16](repeating: 0, count: rate)).isEmpty)
        #expect(!silent.heardSpeech)
    }

    @Test func aStreamResampledInChunksIsTheRecordingResampled() {
        let samples = Self.utterance(rate: 22_050)
        let whole = WaveAudio(sampleRate: 22_050, samples: samples).resampled(to: 16_000).samples
        for chunk in [1, 333, 1_024] {
            var resampler = StreamResampler(from: 22_050, to: 16_000)
            var streamed: [Int16] = []
            for start in stride(from: 0, to: samples.count, by: chunk) {
                streamed += resampler.resample(Array(samples[start..<min(start + chunk, samples.count)]))
            }
            // The last sample or two wait for the next input, which never comes.
            #expect(whole.count - streamed.count <= 2, "chunks of \(chunk)")
            let differing = zip(whole, streamed).filter { abs(Int($0) - Int($1)) > 1 }.count
            #expect(differing == 0, "chunks of \(chunk)")
        }
        var same = StreamResampler(from: 16_000, to: 16_000)
        #expect(same.resample([1, 2, 3]) == [1, 2, 3])
    }
}

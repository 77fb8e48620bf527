import Foundation
@testable import ParlanceSpeech
import Testing

@Suite("WAV audio")
struct WaveAudioTests {
    @Test("16-bit mono survives writing and reading")
    func roundTrip() throws {
        let audio = WaveAudio(sampleRate: 16_000, samples: (0..<1600).map { Int16(truncatingIfNeeded: $0 * 37 % 30000 - 15000) })
        #expect(try WaveAudio(wav: audio.wav) == audio)
        #expect(audio.duration == .milliseconds(100))
    }

    @Test("stereo 8-bit and 32-bit float are mixed down to 16-bit mono")
    func otherEncodings() throws {
        // Stereo 8-bit: left full positive, right silent → half scale.
        let stereo = Self.wav(format: 1, channels: 2, rate: 8000, bits: 8, data: [255, 128, 255, 128])
        let mixed = try WaveAudio(wav: stereo)
        #expect(mixed.sampleRate == 8000 && mixed.samples.count == 2)
        #expect(abs(Int(mixed.samples[0]) - 16_256) < 200)
        var floats: [UInt8] = []
        for value: Float in [0.5, -0.5] { withUnsafeBytes(of: value.bitPattern.littleEndian) { floats += $0 } }
        let float = try WaveAudio(wav: Self.wav(format: 3, channels: 1, rate: 22_050, bits: 32, data: floats))
        #expect(float.samples.map { Int($0) } == [16_383, -16_383])
    }

    @Test("what is not a WAV file is refused with a reason", arguments: [
        Data(), Data("RIFF0000WAVE".utf8), Data("hello world, not audio".utf8),
        WaveAudioTests.wav(format: 2, channels: 1, rate: 8000, bits: 4, data: [1, 2]),
        WaveAudioTests.wav(format: 1, channels: 0, rate: 8000, bits: 16, data: [1, 2]),
    ])
    func refused(_ data: Data) {
        #expect(throws: SpeechError.self) { try WaveAudio(wav: data) }
    }

    @Test("a data size past the end reads to the end (streamed WAV)")
    func streamed() throws {
        var bytes = [UInt8](Self.wav(format: 1, channels: 1, rate: 16_000, bits: 16, data: [1, 0, 2, 0]))
        bytes.replaceSubrange(40..<44, with: [0xFF, 0xFF, 0xFF, 0x7F])
        #expect(try WaveAudio(wav: Data(bytes)).samples == [1, 2])
    }

    @Test("resampling keeps the length in time and a tone's level")
    func resampling() {
        let tone = WaveAudio(sampleRate: 22_050, samples: (0..<22_050).map { Int16(10_000 * sin(Double($0) * 2 * .pi * 440 / 22_050)) })
        let lower = tone.resampled(to: 16_000)
        #expect(lower.samples.count == 16_000)
        #expect((lower.samples.map { abs(Int($0)) }.max() ?? 0) > 9_000)
    }

    static func wav(format: Int, channels: Int, rate: Int, bits: Int, data: [UInt8]) -> Data {
        var bytes: [UInt8] = []
        func put(_ text: String) { bytes += Array(text.utf8) }
        func put32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { bytes += $0 } }
        func put16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { bytes += $0 } }
        put("RIFF"); put32(36 + data.count); put("WAVE")
        put("fmt "); put32(16); put16(format); put16(channels); put32(rate); put32(rate * channels * bits / 8)
        put16(channels * bits / 8); put16(bits)
        put("data"); put32(data.count)
        bytes += data
        return Data(bytes)
    }
}

import Foundation

/// Finds where speech is in audio by its loudness over the room's own noise: 10 ms frames, a noise floor
/// that follows the quietest recent frames, speech when a frame is well above it. Fed a stream, it says
/// when an utterance has ended (speech, then a stretch of silence), so the user need not press stop;
/// given a recording, it finds the stretch worth recognising.
public struct VoiceActivityDetector: Sendable {
    /// Samples per second of the audio fed.
    public let sampleRate: Int
    /// How much silence after speech ends an utterance.
    public let trailingSilence: Duration
    /// How loud over the noise floor a frame must be to count as speech, in dB.
    public static let speechMargin = 12.0
    /// The quietest a noise floor is taken to be (digital silence has none), in dBFS.
    static let floorMinimum = -70.0
    /// Frames of speech in a row needed to start an utterance (a click is not speech).
    static let onsetFrames = 3

    private let frameLength: Int
    private var pending: [Int16] = []
    private var floor: Double?
    private var speechRun = 0
    private var silenceRun = 0
    private var frameIndex = 0
    /// The first and last frame of speech heard so far.
    private var firstSpeech: Int?
    private var lastSpeech: Int?

    /// A detector for a stream; `noiseFloor` (dBFS) when the room's noise is known, else it is learnt from
    /// the quietest frames as they come.
    public init(sampleRate: Int, trailingSilence: Duration = .milliseconds(800), noiseFloor: Double? = nil) {
        self.sampleRate = max(sampleRate, 100)
        self.trailingSilence = trailingSilence
        frameLength = max(sampleRate, 100) / 100
        floor = noiseFloor
    }

    /// Whether speech has been heard.
    public var heardSpeech: Bool { firstSpeech != nil }

    /// Whether the utterance has ended: speech heard, then `trailingSilence` without any.
    public var utteranceEnded: Bool {
        heardSpeech && Double(silenceRun) * 0.01 >= Double(trailingSilence / .milliseconds(1)) / 1000
    }

    /// The samples (from the start of the stream) where speech was heard, with a little room either side.
    public var speechSamples: Range<Int>? {
        guard let first = firstSpeech, let last = lastSpeech else { return nil }
        let padding = 20  // frames: 200 ms, so soft starts and endings are kept
        return max(0, first - padding) * frameLength ..< (last + 1 + padding) * frameLength
    }

    /// Feeds samples; true once the utterance has ended.
    @discardableResult
    public mutating func append(_ samples: [Int16]) -> Bool {
        pending += samples
        var start = 0
        while pending.count - start >= frameLength {
            consume(pending[start..<start + frameLength])
            start += frameLength
        }
        pending.removeFirst(start)
        return utteranceEnded
    }

    /// A frame's loudness in dBFS.
    static func level(_ frame: ArraySlice<Int16>) -> Double {
        var sum = 0.0
        for sample in frame { sum += Double(sample) * Double(sample) }
        return 10 * log10(max(sum / Double(max(frame.count, 1)), 1e-9) / (32768.0 * 32768.0))
    }

    private mutating func consume(_ frame: ArraySlice<Int16>) {
        let level = Self.level(frame)
        // The floor drops at once to a quieter frame and rises slowly, so speech does not lift it much.
        let current = floor ?? level
        let updated = level < current ? level : current + min(level - current, 0.05)
        floor = updated
        let isSpeech = level > max(updated, Self.floorMinimum) + Self.speechMargin
        if isSpeech {
            speechRun += 1
            if speechRun >= Self.onsetFrames {
                if firstSpeech == nil { firstSpeech = frameIndex - Self.onsetFrames + 1 }
                lastSpeech = frameIndex
                silenceRun = 0
            }
        } else {
            speechRun = 0
            if heardSpeech { silenceRun += 1 }
        }
        frameIndex += 1
    }

    /// The part of a recording with speech in it (nil when there is none), with 200 ms either side.
    public static func speech(in audio: WaveAudio) -> WaveAudio? {
        // A whole recording shows its noise at once: the floor is its quietest tenth, so speech at the very
        // start is not taken for the room's noise.
        let length = max(audio.sampleRate, 100) / 100
        let levels = stride(from: 0, to: audio.samples.count - length + 1, by: length)
            .map { level(audio.samples[$0..<$0 + length]) }.sorted()
        guard !levels.isEmpty else { return nil }
        var detector = VoiceActivityDetector(sampleRate: audio.sampleRate, noiseFloor: levels[levels.count / 10])
        detector.append(audio.samples)
        guard let range = detector.speechSamples else { return nil }
        let clamped = range.clamped(to: 0..<audio.samples.count)
        return WaveAudio(sampleRate: audio.sampleRate, samples: Array(audio.samples[clamped]))
    }
}

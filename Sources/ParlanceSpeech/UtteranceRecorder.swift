/// Audio streamed for one request (a satellite's, the web page's push-to-talk), kept up to a limit,
/// with end-pointing: it says when speech has been followed by enough silence.
public struct UtteranceRecorder: Sendable {
    /// Samples per second.
    public let sampleRate: Int
    /// What was recorded so far.
    public private(set) var samples: [Int16] = []
    /// The longest utterance kept, in seconds.
    public let longestSeconds: Int
    private var detector: VoiceActivityDetector

    public init(sampleRate: Int, trailingSilence: Duration = .milliseconds(800), longestSeconds: Int = 60) {
        self.sampleRate = max(sampleRate, 100)
        self.longestSeconds = longestSeconds
        detector = VoiceActivityDetector(sampleRate: max(sampleRate, 100), trailingSilence: trailingSilence)
    }

    /// Adds samples; true once speech has ended. Refuses audio past the limit.
    public mutating func append(_ more: [Int16]) throws(SpeechError) -> Bool {
        guard samples.count + more.count <= longestSeconds * sampleRate else {
            throw SpeechError(.unreadableAudio, "a request is at most \(longestSeconds) seconds of audio")
        }
        samples += more
        return detector.append(more)
    }

    /// Whether any speech was heard.
    public var heardSpeech: Bool { detector.heardSpeech }

    /// The recording.
    public var audio: WaveAudio { WaveAudio(sampleRate: sampleRate, samples: samples) }
}

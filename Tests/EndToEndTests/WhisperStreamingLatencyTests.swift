import Foundation
import ParlanceSpeech
import ParlanceWyoming
import Testing

/// How soon a real Whisper service (wyoming-faster-whisper) has the transcript once the speaker stops, streamed
/// as spoken against sent whole at the end. A measurement, not part of the suite: it runs only when
/// `PARLANCE_WHISPER_ADDRESS` names a running service (docs/speech.md has the command and the figures).
@Suite("Whisper: streamed against whole", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["PARLANCE_WHISPER_ADDRESS"] != nil, "PARLANCE_WHISPER_ADDRESS names no Whisper service"))
struct WhisperStreamingLatencyTests {
    static let address = ProcessInfo.processInfo.environment["PARLANCE_WHISPER_ADDRESS"]

    static let requests = [
        "Send a message to Kiki on MonkeyChat saying I am running late",
        "Book a ride to the airport with MonkeyRide",
        "Pay Bobo twenty dollars for the bananas",
        "Show me my photos from the beach",
    ]
    /// (program, arguments before the text and file): flite's voices and espeak-ng's.
    static let voices: [(name: String, program: String, arguments: [String])] = [
        ("flite slt", "/usr/bin/flite", ["-voice", "slt"]),
        ("flite awb", "/usr/bin/flite", ["-voice", "awb"]),
        ("espeak-ng", "/usr/bin/espeak-ng", []),
    ]

    @Test("the last chunk to the transcript, streamed as spoken and whole, for 2–4 s requests")
    func lastChunkToTranscript() async throws {
        let service = try WyomingSpeechService(address: try #require(Self.address), timeout: .seconds(60))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("whisper-latency-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var recordings: [(voice: String, text: String, audio: WaveAudio)] = []
        for voice in Self.voices where FileManager.default.isExecutableFile(atPath: voice.program) {
            for (index, text) in Self.requests.enumerated() {
                let file = folder.appendingPathComponent("\(recordings.count)-\(index).wav")
                let arguments = voice.program.hasSuffix("flite") ? voice.arguments + ["-t", text, "-o", file.path]
                    : voice.arguments + ["-w", file.path, text]
                #expect(try WyomingPeer.run(voice.program, arguments).status == 0)
                recordings.append((voice.name, text, try WaveAudio(wav: try Data(contentsOf: file))))
            }
        }
        try #require(!recordings.isEmpty, "neither flite nor espeak-ng is installed")
        _ = try await service.recognize(recordings[0].audio, language: "en")  // the service loads its model: not counted

        // Two rounds, in either order, so that neither way always follows the other on a busy service.
        var streamed: [Duration] = [], whole: [Duration] = [], gains: [Duration] = []
        for round in 0..<2 {
            for recording in recordings {
                var streamedRun: (Duration, String) = (.zero, ""), wholeRun: (Duration, String) = (.zero, "")
                if round == 0 {
                    streamedRun = try await Self.streamed(recording.audio, to: service)
                    wholeRun = try await Self.whole(recording.audio, to: service)
                } else {
                    wholeRun = try await Self.whole(recording.audio, to: service)
                    streamedRun = try await Self.streamed(recording.audio, to: service)
                }
                streamed.append(streamedRun.0)
                whole.append(wholeRun.0)
                gains.append(wholeRun.0 - streamedRun.0)
                let seconds = Double(recording.audio.samples.count) / Double(recording.audio.sampleRate)
                print("\(recording.voice), \(String(format: "%.1f", seconds)) s: streamed \(Self.ms(streamedRun.0)), "
                      + "whole \(Self.ms(wholeRun.0)) — “\(streamedRun.1)” / “\(wholeRun.1)”")
                #expect(!streamedRun.1.isEmpty && streamedRun.1 == wholeRun.1, "the same audio is heard the same either way")
            }
        }
        print("\(streamed.count) runs, the last chunk to the transcript: streamed p50 \(Self.ms(Self.median(streamed))), "
              + "max \(Self.ms(streamed.max() ?? .zero)); whole p50 \(Self.ms(Self.median(whole))), max \(Self.ms(whole.max() ?? .zero)); "
              + "whole minus streamed, per request, p50 \(Self.ms(Self.median(gains)))")
    }

    /// Streams `audio` in chunks of 1,024 samples as a microphone gives them (in real time); the time from the
    /// last chunk to the transcript.
    static func streamed(_ audio: WaveAudio, to service: WyomingSpeechService) async throws -> (Duration, String) {
        let clock = ContinuousClock()
        let stream = try #require(try service.startStream(language: "en", sampleRate: audio.sampleRate))
        let begun = clock.now
        var offset = 0
        while offset < audio.samples.count {
            let end = min(audio.samples.count, offset + 1_024)
            try await clock.sleep(until: begun + .seconds(Double(end) / Double(audio.sampleRate)))
            try stream.append(Array(audio.samples[offset..<end]))
            offset = end
        }
        let lastChunk = clock.now
        let heard = try await stream.finish()
        return (clock.now - lastChunk, heard.first?.text ?? "")
    }

    /// Sends `audio` whole once it has been spoken, as the server did before it streamed: the time to the transcript.
    static func whole(_ audio: WaveAudio, to service: WyomingSpeechService) async throws -> (Duration, String) {
        let clock = ContinuousClock()
        let lastChunk = clock.now
        let heard = try await service.recognize(audio, language: "en")
        return (clock.now - lastChunk, heard.first?.text ?? "")
    }

    static func ms(_ duration: Duration) -> String {
        let milliseconds = Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
        return String(format: "%.0f ms", milliseconds)
    }

    static func median(_ durations: [Duration]) -> Duration {
        let sorted = durations.sorted()
        return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
    }
}

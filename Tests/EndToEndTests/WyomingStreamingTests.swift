import Foundation
import ParlanceSpeech
import ParlanceWyoming
import TestSupport
import Testing

/// An utterance streamed to a Wyoming speech-to-text service as it is spoken (`WyomingSpeechService.startStream`),
/// checked against the fake service made with the `wyoming` package, which logs each audio event as it arrives.
@Suite("Streaming to a Wyoming speech service", .serialized, .waitsBlocking,
       .enabled(if: WyomingPeer.python != nil, "the wyoming Python package is not installed (.ci/run installs it)"))
struct WyomingStreamingTests {
    @Test("transcribe and audio-start at once, audio-chunks as the audio comes (before audio-stop), the transcript after it")
    func streamsAsSpoken() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("requests.jsonl")
        let fake = try FakeSpeechService(log: log)
        defer { fake.stop() }
        let client = try WyomingSpeechService(address: "tcp://127.0.0.1:\(fake.port)", names: ["Zanzibar Quill"])

        // Long enough for several chunks of 1,024 samples.
        let text = String(repeating: "Schick Zanzibar Quill mehr Bananen. ", count: 60).trimmingCharacters(in: .whitespaces)
        let samples = Self.speech(text)
        let stream = try #require(try client.startStream(language: "de", sampleRate: 22_050))
        let half = samples.count / 2
        try stream.append(Array(samples[..<half]))
        // Nothing has ended the utterance yet, and the first half is already with the service.
        #expect(await Self.wait(for: log) { Self.chunkBytes($0) == half * 2 }, "\(Self.entries(log))")
        #expect(!Self.entries(log).contains { $0["audio-stop"] != nil })
        try stream.append(Array(samples[half...]))
        let heard = try await stream.finish()
        #expect(heard.map(\.text) == [text])

        let entries = Self.entries(log)
        #expect(entries.first?["language"] as? String == "de", "\(entries)")
        #expect((entries.first?["names"] as? [String]) == ["Zanzibar Quill"], "\(entries)")
        #expect(entries.dropFirst().first?["audio-start"] as? Int == 22_050, "the stream's own rate: \(entries)")
        let chunks = entries.compactMap { $0["audio-chunk"] as? Int }
        #expect(chunks.count == 4 && chunks.allSatisfy { $0 <= 2_048 }, "chunks of at most 1,024 samples: \(chunks)")
        let stop = try #require(entries.firstIndex { $0["audio-stop"] != nil })
        #expect(stop == entries.count - 1 || entries[stop + 1]["closed"] != nil, "\(entries)")
        #expect(await Self.wait(for: log) { $0.last?["closed"] != nil }, "the connection is closed after the transcript")
    }

    @Test("a stream dropped unfinished closes its connection; refusals, silence and a missing service are plain errors")
    func failures() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("requests.jsonl")
        let fake = try FakeSpeechService(log: log)
        defer { fake.stop() }
        let client = try WyomingSpeechService(address: "tcp://127.0.0.1:\(fake.port)", timeout: .seconds(1))

        var abandoned = try client.startStream(language: "en", sampleRate: 16_000)
        try abandoned?.append(Self.speech("never mind"))
        #expect(await Self.wait(for: log) { Self.chunkBytes($0) > 0 })
        abandoned = nil
        #expect(await Self.wait(for: log) { $0.last?["closed"] != nil }, "\(Self.entries(log))")
        #expect(!Self.entries(log).contains { $0["audio-stop"] != nil })

        let refused = try #require(try client.startStream(language: "en", sampleRate: 16_000))
        try refused.append(Self.speech("please fail"))
        await #expect { _ = try await refused.finish() } throws: { error in
            (error as? SpeechError)?.message.contains("refused: the fake was asked to fail") == true
        }
        // The deadline runs from the end of the audio.
        let silent = try #require(try client.startStream(language: "en", sampleRate: 16_000))
        try silent.append(Self.speech("please hang"))
        await #expect { _ = try await silent.finish() } throws: { error in
            (error as? SpeechError)?.message.contains("did not answer within") == true
        }

        let missing = try WyomingSpeechService(address: "tcp://127.0.0.1:1")
        let nowhere = try #require(try missing.startStream(language: "en", sampleRate: 16_000))
        await #expect { _ = try await nowhere.finish() } throws: { error in
            (error as? SpeechError)?.message.contains("no Wyoming speech service answers at tcp://127.0.0.1:1") == true
        }
        #expect(throws: SpeechError.self) { try nowhere.append([1, 2, 3]) }
    }

    @Test("parlance wyoming in front of a speech service passes a client's audio on as it comes, not at audio-stop")
    func relayedAsItComes() throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        try FileManager.default.createDirectory(at: runner.home, withIntermediateDirectories: true)
        let log = runner.home.appendingPathComponent("requests.jsonl")
        let fake = try FakeSpeechService(log: log)
        defer { fake.stop() }
        let service = try WyomingService(home: runner.home, arguments: ["--speech-to-text", "tcp://127.0.0.1:\(fake.port)"])
        defer { service.stop() }
        let text = "Schick Bobo mehr Bananen mit MonkeyChat"
        let result = try WyomingPeer.run(WyomingPeer.python ?? "python3", ["-c", Self.halfThenRest, "\(service.port)", log.path, text])
        #expect(result.status == 0, "\(result.output)")
        let line = try #require(result.output.split(separator: "\n").last.flatMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }, "\(result.output)")
        #expect(line["transcript"] as? String == text, "\(line)")
        #expect(line["before_stop"] as? Int == line["half"] as? Int, "the first half reached the service before audio-stop: \(line)")
    }

    /// A Wyoming client that sends the first half of the fake's speech for TEXT, waits until the fake has logged it
    /// (at most 10 s), then sends the rest and audio-stop; prints the bytes logged before the stop and the transcript.
    static let halfThenRest = #"""
        import asyncio, json, sys, time
        from wyoming.asr import Transcribe, Transcript
        from wyoming.audio import AudioChunk, AudioStart, AudioStop
        from wyoming.client import AsyncTcpClient

        port, log, text = int(sys.argv[1]), sys.argv[2], sys.argv[3]
        audio = b"".join((byte * 100).to_bytes(2, "little", signed=True) for byte in text.encode("utf-8"))
        half = len(audio) // 4 * 2

        def logged():
            with open(log, encoding="utf-8") as lines:
                return sum(json.loads(line).get("audio-chunk", 0) for line in lines if line.strip())

        async def main():
            async with AsyncTcpClient("127.0.0.1", port) as client:
                await client.write_event(Transcribe(language="de").event())
                await client.write_event(AudioStart(rate=16000, width=2, channels=1).event())
                await client.write_event(AudioChunk(rate=16000, width=2, channels=1, audio=audio[:half]).event())
                deadline = time.monotonic() + 10
                while logged() < half and time.monotonic() < deadline:
                    await asyncio.sleep(0.05)
                before = logged()
                await client.write_event(AudioChunk(rate=16000, width=2, channels=1, audio=audio[half:]).event())
                await client.write_event(AudioStop().event())
                while True:
                    event = await asyncio.wait_for(client.read_event(), timeout=30)
                    if event is None or Transcript.is_type(event.type):
                        break
                heard = Transcript.from_event(event).text if event else None
                print(json.dumps({"half": half, "before_stop": before, "transcript": heard}))

        asyncio.run(main())
        """#

    /// The fake's speech for `text`: one byte a sample, × 100.
    static func speech(_ text: String) -> [Int16] {
        Array(text.utf8).map { Int16($0) * 100 }
    }

    /// The fake's log, one object a line.
    static func entries(_ log: URL) -> [[String: Any]] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// The audio bytes logged.
    static func chunkBytes(_ entries: [[String: Any]]) -> Int {
        entries.compactMap { $0["audio-chunk"] as? Int }.reduce(0, +)
    }

    /// Whether the log comes to pass `test` within 10 s (the fake logs as events arrive).
    static func wait(for log: URL, until test: ([[String: Any]]) -> Bool) async -> Bool {
        for _ in 0..<200 {
            if test(entries(log)) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return test(entries(log))
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wyoming-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

import Foundation
import ParlanceSpeech
import TestSupport
import Testing

/// `parlance serve`'s speech: the languages offered, the voice over HTTP, and push-to-talk over its
/// WebSocket with the real engines (`.ci/run` installs them; without them this suite is skipped).
@Suite("Speech over the API", .serialized, .waitsBlocking, .enabled(if: SpeechPrograms.installed, "espeak-ng or pocketsphinx is not installed"))
struct SpeechServerTests {
    @Test("the voice over HTTP in the documented shapes; push-to-talk heard by its end or by stop; bad messages answered plainly")
    func speechRoutes() async throws {
        let home = ServerTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let request = try SpeechPrograms.seedSpoken(in: home).request

        let server = try RunningServer(home: home)
        defer { server.stop() }
        let spec = try OpenAPIDocument(yaml: try await server.request("GET", "/openapi.yaml").body)
        let offer = ServerTests.conforming(try await server.request("GET", "/v1/speech"), "GET", "/v1/speech", to: spec)
        #expect(offer.object["recognition"] as? [String] == ["en"], "\(offer.text)")
        #expect((offer.object["voices"] as? [String])?.contains("de") == true, "\(offer.text)")

        let voice = try await server.request("POST", "/v1/speech/synthesize", json: ["text": "Hallo Bobo", "language": "de"])
        #expect(voice.status == 200 && voice.headers["content-type"] == "audio/wav", "\(voice.status)")
        let audio = try WaveAudio(wav: voice.body)
        #expect(audio.samples.count > audio.sampleRate / 2, "half a second of speech at least")
        for (body, code) in [(["text": "  "], "emptyText"), (["text": "hola", "language": "es"], "unsupportedLanguage"),
                             (["text": String(repeating: "a", count: 2_001)], "textTooLong")] as [([String: String], String)] {
            let refused = ServerTests.conforming(try await server.request("POST", "/v1/speech/synthesize", json: body),
                                                 "POST", "/v1/speech/synthesize", to: spec)
            #expect(refused.status == 422 && (refused.object["error"] as? [String: Any])?["code"] as? String == code, "\(refused.text)")
        }

        let id = try await server.startConversation()
        let socket = try WebSocketTestClient(url: server.socketURL("/v1/conversations/\(id)/speech"))
        func next() throws -> [String: Any] {
            let message = try #require(try socket.receive())
            return try #require(try JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any])
        }
        // Audio before start, and a message that is not one, are refused without closing the socket.
        try socket.send(binary: Data(count: 640))
        #expect(try next()["code"] as? String == "notStarted")
        try socket.send(text: "{\"type\":\"dance\"}")
        #expect(try next()["code"] as? String == "badMessage")
        try socket.send(text: "{\"type\":\"start\",\"rate\":5}")
        #expect(try next()["code"] as? String == "badRate")

        // The request, then silence: the server hears the end itself.
        try socket.send(text: "{\"type\":\"start\",\"rate\":\(request.sampleRate)}")
        let silence = [Int16](repeating: 0, count: request.sampleRate * 2)
        for chunk in Self.chunks(of: request.samples + silence, size: 4_096) { try socket.send(binary: chunk) }
        let heard = try next()
        #expect(heard["type"] as? String == "heard")
        #expect((heard["text"] as? String)?.hasSuffix("Bobo send more bananas") == true, "\(heard)")
        let answer = try next()
        let turns = answer["turns"] as? [[String: Any]] ?? []
        #expect(answer["type"] as? String == "turns" && turns.last?["step"] as? String == "handled", "\(answer)")

        // The same socket again, ended by stop; then only silence: nothing heard.
        try socket.send(text: "{\"type\":\"start\",\"rate\":\(request.sampleRate)}")
        for chunk in Self.chunks(of: request.samples, size: 4_096) { try socket.send(binary: chunk) }
        try socket.send(text: "{\"type\":\"stop\"}")
        let heardAgain = try next()
        #expect(heardAgain["type"] as? String == "heard", "\(heardAgain)")
        let answeredAgain = try next()
        #expect(answeredAgain["type"] as? String == "turns", "\(answeredAgain)")
        try socket.send(text: "{\"type\":\"start\",\"rate\":16000}")
        for chunk in Self.chunks(of: [Int16](repeating: 0, count: 16_000), size: 4_096) { try socket.send(binary: chunk) }
        try socket.send(text: "{\"type\":\"stop\"}")
        let nothing = try next()
        #expect(nothing["type"] as? String == "heard" && nothing["text"] is NSNull, "\(nothing)")
        socket.disconnect()
        #expect(server.isRunning)
    }

    static func chunks(of samples: [Int16], size: Int) -> [Data] {
        stride(from: 0, to: samples.count, by: size).map { start in
            var data = Data()
            for sample in samples[start..<min(samples.count, start + size)] {
                withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) }
            }
            return data
        }
    }
}

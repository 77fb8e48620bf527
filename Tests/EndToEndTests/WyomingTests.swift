import Foundation
import ParlanceSpeech
import ParlanceWyoming
import TestSupport
import Testing

/// `parlance wyoming` against Home Assistant's own Wyoming implementation (the `wyoming` package from PyPI,
/// installed by `.ci/run` in `.build/wyoming-venv`; without it this suite is skipped and says why).
@Suite("Wyoming service", .serialized, .waitsBlocking, .enabled(if: WyomingPeer.python != nil, "the wyoming Python package is not installed (.ci/run installs it)"))
struct WyomingTests {
    @Test("the wyoming client describes the service and has transcripts handled: one sentence, a conversation, another domain")
    func transcriptsFromThePythonClient() throws {
        let runner = CommandRunner()
        defer { try? FileManager.default.removeItem(at: runner.home) }
        _ = try runner.run(["chat"], input: "")  // installs the sample apps
        #expect(try runner.run(["apps", "allow", "org.parlance.examples.monkeychat"]).status == 0)
        let service = try WyomingService(home: runner.home)
        defer { service.stop() }

        let seed = try WyomingPeer.client(port: service.port, ["MonkeyChat Bobo send more bananas"])
        #expect(seed.count == 2, "\(seed)")
        #expect((seed.first?["handle"] as? [String]) == ["parlance"])
        #expect((seed.first?["languages"] as? [String])?.contains("en") == true)
        #expect(seed.last?["type"] as? String == "handled")
        #expect(seed.last?["text"] as? String == "Sent “send more bananas” to Bobo.", "\(seed)")

        // A conversation over three transcripts: the context carries it on.
        let talk = try WyomingPeer.client(port: service.port, ["send a MonkeyChat message", "Kiki", "see you at the big tree"])
        #expect(talk.dropFirst().map { $0["type"] as? String } == ["handled", "handled", "handled"], "\(talk)")
        #expect(((talk[1]["context"] as? [String: Any])?["awaiting_answer"] as? Bool) == true)
        #expect((talk.last?["text"] as? String)?.contains("Kiki") == true, "\(talk)")

        let other = try WyomingPeer.client(port: service.port, ["set an alarm for 6 am"])
        #expect(other.last?["type"] as? String == "not-handled", "\(other)")
        #expect(service.isRunning)
    }

    @Test("bad bytes close only their own connection, with an error event")
    func badInput() throws {
        let runner = CommandRunner()
        defer { try? FileManager.default.removeItem(at: runner.home) }
        let service = try WyomingService(home: runner.home)
        defer { service.stop() }
        for junk in ["not json\n", "{\"type\": 5}\n", "{\"type\":\"transcript\",\"data_length\":99999999}\n"] {
            let reply = try WyomingPeer.raw(port: service.port, Data(junk.utf8))
            #expect(reply.contains("\"type\":\"error\""), "\(junk) → \(reply)")
        }
        let unknown = try WyomingPeer.raw(port: service.port, Data("{\"type\":\"run-pipeline\"}\n".utf8))
        #expect(unknown.contains("unsupported-event"), "\(unknown)")
        #expect(service.isRunning)
    }
}

extension WyomingTests {
    @Test("listen and say use a Wyoming speech service made with the package: German heard, names sent, answers spoken, refusals plain")
    func speechServiceClient() throws {
        let runner = CommandRunner()
        let folder = runner.home.appendingPathComponent("audio")
        defer { try? FileManager.default.removeItem(at: runner.home) }
        _ = try runner.run(["chat"], input: "")  // installs the sample apps
        #expect(try runner.run(["apps", "allow", "org.parlance.examples.monkeychat"]).status == 0)
        // An app that keeps no contacts of its own, so nothing replaces these.
        #expect(try runner.run(["vocab", "set", "--app", "org.parlance.examples.monkeyride", "--type", "contactName"],
                               input: "Zanzibar Quill\n").status == 0)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let service = try FakeSpeechService(log: folder.appendingPathComponent("requests.jsonl"))
        defer { service.stop() }
        let address = "tcp://127.0.0.1:\(service.port)"

        // Spoken by the service (stereo at 22,050 Hz, in chunks), heard by it, understood in German.
        let request = folder.appendingPathComponent("request.wav").path
        let said = try runner.run(["say", "--text-to-speech", address, "--language", "de", "--out", request,
                                   "Schick Bobo mehr Bananen mit MonkeyChat"])
        #expect(said.status == 0, "\(said.stderr)")
        let heard = try runner.run(["listen", "--speech-to-text", address, "--language", "de", "--transcript-only", "--json", request])
        #expect(heard.status == 0, "\(heard.stdout + heard.stderr)")
        let lines = heard.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.first?["heard"] as? String == "Schick Bobo mehr Bananen mit MonkeyChat", "\(heard.stdout + heard.stderr)")
        #expect(lines.last?["intent"] as? String == "INSendMessageIntent", "\(heard.stdout + heard.stderr)")
        #expect((lines.last?["parameters"] as? [String: Any])?["content"] as? String == "mehr Bananen", "\(heard.stdout + heard.stderr)")
        let logged = try String(contentsOf: folder.appendingPathComponent("requests.jsonl"), encoding: .utf8)
        #expect(logged.contains("\"language\": \"de\""), "\(logged)")
        #expect(logged.contains("Zanzibar Quill") && logged.contains("MonkeyChat"), "the names to expect go with the request: \(logged)")

        // The whole turn: the answer handled by MonkeyChat, spoken by the service into a file.
        let answer = folder.appendingPathComponent("answer.wav").path
        let turn = try runner.run(["listen", "--speech-to-text", address, "--text-to-speech", address, "--language", "de",
                                   "--answer-audio", answer, request])
        #expect(turn.status == 0, "\(turn.stdout + turn.stderr)")
        let spoken = FakeSpeechService.text(in: try Data(contentsOf: URL(fileURLWithPath: answer)))
        #expect(spoken.contains("mehr Bananen") && spoken.contains("Bobo"), "\(spoken)")

        // Refusals and a missing service are one plain line each.
        let failing = folder.appendingPathComponent("fail.wav").path
        #expect(try runner.run(["say", "--text-to-speech", address, "--out", failing, "please fail"]).stderr
            .contains("refused: the fake was asked to fail"))
        let missing = try runner.run(["listen", "--speech-to-text", "tcp://127.0.0.1:1", "--transcript-only", request])
        #expect(missing.status == 1 && missing.stderr.contains("no Wyoming speech service answers at tcp://127.0.0.1:1"), "\(missing.stderr)")
        let offlineGerman = try runner.run(["listen", "--language", "de", request])
        #expect(offlineGerman.status == 1 && offlineGerman.stderr.contains("--speech-to-text"), "\(offlineGerman.stderr)")

        // chat --speech: every answer spoken, in order, in voice mode's words and the conversation's language.
        let spokenFolder = folder.appendingPathComponent("spoken")
        let chat = try runner.run(["chat", "--speech", "--speech-out", spokenFolder.path, "--text-to-speech", address],
                                  input: "schick eine Nachricht mit MonkeyChat\nKiki\nbis gleich am großen Baum\n")
        #expect(chat.status == 0, "\(chat.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: spokenFolder.path).sorted()
        let voiced = try files.map { FakeSpeechService.text(in: try Data(contentsOf: spokenFolder.appendingPathComponent($0))) }
        let printed = chat.stdout.split(separator: "\n").filter { !$0.hasPrefix("› ") }.map(String.init)
        #expect(files.first == "answer-0001.wav" && voiced == printed, "spoken \(voiced) printed \(printed)")
        #expect(voiced.last?.contains("bis gleich am großen Baum") == true, "\(voiced)")
        let requests = try String(contentsOf: folder.appendingPathComponent("requests.jsonl"), encoding: .utf8)
        #expect(requests.contains("\"synthesize\": \"Wem") || requests.contains("\"language\": \"de\""), "\(requests)")
    }
}

extension WyomingTests {
    @Test("speech over Wyoming: a streamed request heard before the client stops (end-pointing), and speech sent back",
          .enabled(if: SpeechPrograms.installed, "espeak-ng or pocketsphinx is not installed"))
    func speechServed() throws {
        let runner = CommandRunner()
        defer { try? FileManager.default.removeItem(at: runner.home) }
        _ = try runner.run(["chat"], input: "")  // installs the sample apps
        let request = runner.home.appendingPathComponent("request.wav").path
        #expect(try runner.run(["say", "--out", request, "MonkeyChat Bobo send more bananas"]).status == 0)
        let service = try WyomingService(home: runner.home)
        defer { service.stop() }
        let script = WyomingPeer.root + "/Tests/Fixtures/Wyoming/wyoming_speech_client.py"
        let result = try WyomingPeer.run(WyomingPeer.python ?? "python3", [script, "\(service.port)", request, "Sent more bananas to Bobo."])
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect((lines.first?["asr"] as? [[String]]) == [["en"]], "\(result.output)")
        #expect((lines.first?["tts"] as? [[String]])?.first?.contains("de") == true, "\(result.output)")
        let heard = lines.first { $0["transcript"] != nil }
        #expect(heard?["transcript"] as? String == "MonkeyChat Bobo send more bananas", "\(result.output)")
        #expect(heard?["before_stop"] as? Bool == true)
        let spoken = lines.first { $0["spoken_seconds"] != nil }
        #expect(((spoken?["spoken_seconds"] as? Double) ?? 0) > 1, "\(result.output)")
        #expect(service.isRunning)
    }
}

extension WyomingTests {
    @Test("a speech service that never answers costs the deadline, not a hang; one that is not there fails at once")
    func silentService() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wyoming-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let service = try FakeSpeechService(log: folder.appendingPathComponent("requests.jsonl"))
        defer { service.stop() }
        let client = try WyomingSpeechService(address: "tcp://127.0.0.1:\(service.port)", timeout: .seconds(1))
        let clock = ContinuousClock()
        let start = clock.now
        do {
            _ = try await client.synthesize("please hang", language: "en", voice: .standard)
            Issue.record("a silent service answered")
        } catch {
            #expect(error.message.contains("did not answer within"), "\(error.message)")
        }
        // "please hang" as the fake's speech (one byte a sample, × 100), sent for recognition: no transcript comes.
        let spoken = WaveAudio(sampleRate: 22_050, samples: Array("please hang".utf8).map { Int16($0) * 100 })
        do {
            _ = try await client.recognize(spoken, language: "en")
            Issue.record("a silent service transcribed")
        } catch {
            #expect(error.message.contains("did not answer within"), "\(error.message)")
        }
        // A bound on hanging, not a timing: with the whole suite at once, tests that wait on a child process hold
        // the two threads of the cooperative pool, and this test resumes only when one is free (CI: 132 s).
        #expect(clock.now - start < .seconds(300))
        let missing = try WyomingSpeechService(address: "127.0.0.1:1")
        await #expect(throws: SpeechError.self) { _ = try await missing.recognize(WaveAudio(sampleRate: 16_000, samples: [1, 2]), language: "en") }
        #expect(throws: SpeechError.self) { _ = try WyomingSpeechService(address: "not an address") }
    }
}

extension WyomingTests {
    @Test("in front of speech services, parlance wyoming offers the languages they report and Parlance understands")
    func servicesDescribed() async throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        try FileManager.default.createDirectory(at: runner.home, withIntermediateDirectories: true)
        let fake = try FakeSpeechService(log: runner.home.appendingPathComponent("requests.jsonl"))
        defer { fake.stop() }
        let address = "tcp://127.0.0.1:\(fake.port)"
        let service = try WyomingService(home: runner.home, arguments: ["--speech-to-text", address, "--text-to-speech", address])
        defer { service.stop() }
        let described = try await WyomingSpeechService(address: "tcp://127.0.0.1:\(service.port)").describe()
        let understood = ["de", "en", "fr", "it", "ja", "zh"]
        #expect(described.recognitionLanguages == understood, "the service's Spanish is left out")
        #expect(Set(described.voices.flatMap(\.languages)) == Set(understood))
    }

    @Test("a speech service in none of Parlance's languages is not offered, and the operator is told why")
    func servicesInOtherLanguages() async throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        try FileManager.default.createDirectory(at: runner.home, withIntermediateDirectories: true)
        let fake = try FakeSpeechService(log: runner.home.appendingPathComponent("requests.jsonl"), languages: ["es", "pt", "es"])
        defer { fake.stop() }
        let address = "tcp://127.0.0.1:\(fake.port)"
        let service = try WyomingService(home: runner.home, arguments: ["--speech-to-text", address, "--text-to-speech", address])
        defer { service.stop() }
        let described = try await WyomingSpeechService(address: "tcp://127.0.0.1:\(service.port)").describe()
        #expect(described.recognitionLanguages.isEmpty)
        #expect(described.voices.isEmpty)
        let output = service.server.output
        #expect(output.contains("serving without speech to text: the service reports only es, pt, none of them"), "\(output)")
        #expect(output.contains("serving without text to speech: the service reports only es, pt, none of them"), "\(output)")
        let answer = try WyomingPeer.client(port: service.port, ["set an alarm for 6 am"])
        #expect(answer.last?["type"] as? String == "not-handled", "understanding is still served: \(answer)")
        #expect((answer.last?["text"] as? String)?.isEmpty == false, "\(answer)")
    }
}

/// `Tests/Fixtures/Wyoming/fake_speech_service.py`: a speech service made with the wyoming package that
/// turns text into audio and back exactly (one byte per sample, × 100).
struct FakeSpeechService {
    let process: Process
    let input = Pipe()
    let port: Int

    /// `languages`: what the service says it hears and speaks (by default six of Parlance's and Spanish).
    init(log: URL, languages: [String]? = nil) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: WyomingPeer.python ?? "/usr/bin/python3")
        process.arguments = [WyomingPeer.root + "/Tests/Fixtures/Wyoming/fake_speech_service.py", log.path]
        if let languages {
            var environment = ProcessInfo.processInfo.environment
            environment["FAKE_SPEECH_LANGUAGES"] = languages.joined(separator: ",")
            process.environment = environment
        }
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = input
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            line.append(byte)
        }
        port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(port > 0, "the fake speech service did not start")
    }

    /// Closes its input, which it takes as the end (a signal may be blocked in processes a test starts).
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The text a WAV file of the fake's speech carries (Parlance mixes its stereo down to mono).
    static func text(in wav: Data) -> String {
        let bytes = [UInt8](wav.dropFirst(44))
        var decoded: [UInt8] = []
        for index in stride(from: 0, to: bytes.count - 1, by: 2) {
            let sample = Int(Int16(bitPattern: UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8))
            decoded.append(UInt8(truncatingIfNeeded: Int((Double(sample) / 100).rounded())))
        }
        return String(decoding: decoded, as: UTF8.self)
    }
}

/// A running `parlance wyoming --port 0`.
struct WyomingService {
    let server: RunningServer
    let port: Int

    init(home: URL, arguments: [String] = []) throws {
        server = try RunningServer(home: home, arguments: arguments, command: ["wyoming", "--port", "0"],
                                   address: #"tcp://127\.0\.0\.1:[0-9]+"#)
        port = Int(server.base.split(separator: ":").last ?? "") ?? 0
    }

    var isRunning: Bool { server.isRunning }

    func stop() { _ = server.stop() }
}

/// The Python side: the wyoming package's client, and raw bytes over a socket.
enum WyomingPeer {
    /// The package's folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// A Python that has the `wyoming` package, looked for once. The suite's `.enabled(if:)` asks while the test
    /// plan is made, on Swift's cooperative pool, so `.ci/run`'s virtual environment is recognised by its files;
    /// only a Python named by `PARLANCE_WYOMING_PYTHON` is asked to import the package.
    static let python: String? = {
        if let named = ProcessInfo.processInfo.environment["PARLANCE_WYOMING_PYTHON"],
           FileManager.default.isExecutableFile(atPath: named), (try? run(named, ["-c", "import wyoming"]).status) == 0 {
            return named
        }
        let venv = root + "/.build/wyoming-venv"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: venv + "/lib")) ?? []
        let installed = versions.contains { version in
            FileManager.default.fileExists(atPath: "\(venv)/lib/\(version)/site-packages/wyoming/__init__.py")
        }
        return installed && FileManager.default.isExecutableFile(atPath: venv + "/bin/python") ? venv + "/bin/python" : nil
    }()

    static func client(port: Int, _ texts: [String]) throws -> [[String: Any]] {
        let script = root + "/Tests/Fixtures/Wyoming/wyoming_client.py"
        let result = try run(python ?? "python3", [script, "\(port)"] + texts)
        #expect(result.status == 0, "\(result.output)")
        return result.output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// Sends bytes and returns what comes back until the service closes the connection (or 10 s pass).
    static func raw(port: Int, _ bytes: Data) throws -> String {
        let code = """
            import socket, sys
            s = socket.create_connection(("127.0.0.1", \(port)), timeout=10)
            s.sendall(sys.stdin.buffer.read())
            s.shutdown(socket.SHUT_WR)
            out = b""
            try:
                while True:
                    chunk = s.recv(65536)
                    if not chunk: break
                    out += chunk
            except socket.timeout:
                pass
            sys.stdout.write(out.decode("utf-8", "replace"))
            """
        return try run("/usr/bin/env", ["python3", "-c", code], input: bytes).output
    }

    static func run(_ program: String, _ arguments: [String], input: Data? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let out = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(input) }
        try inPipe.fileHandleForWriting.close()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

extension WyomingTests {
    @Test("a conversation goes on over new connections with the context sent back; an id made up or not Wyoming's starts afresh and acts on nothing")
    func conversationOverNewConnections() throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        _ = try runner.run(["chat"], input: "")  // installs the sample apps
        for app in ["monkeychat", "monkeypay"] {
            #expect(try runner.run(["apps", "allow", "org.parlance.examples.\(app)"]).status == 0)
        }
        // The chat's own conversation, with a payment waiting for its yes.
        let chat = try runner.run(["chat"], input: "send 20 dollars to Bobo with MonkeyPay\n")
        #expect(chat.stdout.contains("Send $20.00 to Bobo with MonkeyPay?"), "\(chat.stdout)")
        let service = try WyomingService(home: runner.home)
        defer { service.stop() }

        // One request per connection, as a voice pipeline makes them: the context carries the conversation on.
        let talk = try WyomingPeer.client(port: service.port, ["--new-connections", "send a MonkeyChat message", "Kiki",
                                                               "see you at the big tree", "yes"]).dropFirst()
        let ids = Set(talk.map { ($0["context"] as? [String: Any])?["conversation_id"] as? String })
        #expect(talk.map { $0["type"] as? String } == ["handled", "handled", "handled", "handled"], "\(talk)")
        #expect(ids.count == 1 && ids.first??.hasPrefix("wyoming-") == true, "one conversation throughout: \(talk)")
        #expect((talk.dropFirst().first?["text"] as? String)?.contains("Kiki") == true, "\(talk)")
        #expect(talk.last?["text"] as? String == "Sent “see you at the big tree” to Kiki.", "\(talk)")

        // Another Wyoming client's payment, waiting for its yes.
        let victim = try WyomingPeer.client(port: service.port, ["--new-connections", "send 30 dollars to Kiki with MonkeyPay"])
        let asked = try #require(victim.last?["context"] as? [String: Any])
        let victimID = try #require(asked["conversation_id"] as? String)
        #expect(asked["awaiting_answer"] as? Bool == true, "\(victim)")

        // The attack: "yes" with the context of a question, under ids that are not the sender's.
        let madeUp = "wyoming-" + UUID().uuidString
        let nearMiss = String(victimID.dropLast()) + (victimID.hasSuffix("0") ? "1" : "0")
        for id in ["default", "wyoming", "http-\(UUID().uuidString.lowercased())", madeUp, nearMiss, "wyoming-../default", ""] {
            var context: [String: Any] = ["conversation_id": id, "awaiting_answer": true]
            for number in 1...3 {
                context["question_number"] = number
                let json = String(decoding: try JSONSerialization.data(withJSONObject: context), as: UTF8.self)
                let answer = try WyomingPeer.client(port: service.port, ["--new-connections", "--context", json, "yes"]).last
                let text = answer?["text"] as? String ?? ""
                let given = (answer?["context"] as? [String: Any])?["conversation_id"] as? String
                #expect(answer?["type"] as? String == "not-handled" && !text.contains("Sent"), "\(id): \(answer ?? [:])")
                #expect(given != id && given != victimID && given?.hasPrefix("wyoming-") == true, "a fresh conversation, not \(id): \(given ?? "none")")
            }
        }

        // Both payments still wait for their own yes, and are made once it comes.
        let context = String(decoding: try JSONSerialization.data(withJSONObject: asked), as: UTF8.self)
        let paid = try WyomingPeer.client(port: service.port, ["--new-connections", "--context", context, "yes"]).last
        #expect(paid?["type"] as? String == "handled" && (paid?["text"] as? String)?.contains("Sent $30.00 to Kiki") == true, "\(paid ?? [:])")
        let chatPaid = try runner.run(["chat"], input: "yes\n")
        #expect(chatPaid.stdout.contains("Sent $20.00 to Bobo"), "\(chatPaid.stdout)")
        #expect(service.isRunning)
    }
}

extension WyomingTests {
    @Test("say with a speech service: a voice it does not name is refused with its voices listed; empty text never reaches it")
    func serviceVoiceNames() throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        try FileManager.default.createDirectory(at: runner.home, withIntermediateDirectories: true)
        let fake = try FakeSpeechService(log: runner.home.appendingPathComponent("requests.jsonl"))
        defer { fake.stop() }
        let address = "tcp://127.0.0.1:\(fake.port)"
        let out = runner.home.appendingPathComponent("said.wav").path
        let named = try runner.run(["say", "--text-to-speech", address, "--variant", "bytes-voice", "--out", out, "hello"])
        #expect(named.status == 0, "\(named.stderr)")
        try FileManager.default.removeItem(atPath: out)
        let unknown = try runner.run(["say", "--text-to-speech", address, "--variant", "nosuch", "--out", out, "hello"])
        #expect(unknown.status == 1 && unknown.stderr.split(separator: "\n").count == 1, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("has no voice \"nosuch\"; its voices: bytes-voice"), "\(unknown.stderr)")
        let empty = try runner.run(["say", "--text-to-speech", "tcp://127.0.0.1:1", "--out", out, " "])
        #expect(empty.status == 1 && empty.stderr.contains("nothing to say"), "\(empty.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}

extension WyomingTests {
    /// Language tags to try: Parlance's, with regions and capitals, and ones no voice here speaks.
    static let spokenTags = ["en", "en-US", "EN", "de-AT", "fr", "it", "ja_JP", "zh-CN", "cmn", "pt", "es", "", "xx"]

    @Test("say speaks exactly the languages parlance wyoming lists for its voice and speaks on synthesize: offline and a service's",
          .enabled(if: SpeechPrograms.installed, "espeak-ng or pocketsphinx is not installed"))
    func sameLanguagesSpoken() async throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        try FileManager.default.createDirectory(at: runner.home, withIntermediateDirectories: true)
        let fake = try FakeSpeechService(log: runner.home.appendingPathComponent("requests.jsonl"))
        defer { fake.stop() }
        let fakeAddress = "tcp://127.0.0.1:\(fake.port)"
        for behind in [nil, fakeAddress] {
            let options = behind.map { ["--text-to-speech", $0] } ?? []
            let service = try WyomingService(home: runner.home, arguments: options)
            defer { service.stop() }
            let wyoming = try WyomingSpeechService(address: "tcp://127.0.0.1:\(service.port)")
            let listed = try await wyoming.describe().voices.flatMap(\.languages)
            #expect(listed == VoiceLanguages.offline.codes, "\(behind ?? "offline"): \(listed)")
            for tag in Self.spokenTags {
                let out = runner.home.appendingPathComponent("said.wav").path
                let said = try runner.run(["say", "--language", tag, "--out", out] + options + ["hello"])
                let served: Bool
                do {
                    _ = try await wyoming.synthesize("hello", language: tag, voice: .standard)
                    served = true
                } catch {
                    served = false
                    #expect(error.message.contains("no voice here speaks"), "\(error.message)")
                }
                let spoken = VoiceLanguages(listed).language(of: tag) != nil
                #expect((said.status == 0) == spoken && served == spoken, "\(behind ?? "offline") \(tag): say \(said.status) \(said.stderr), synthesize \(served)")
                if !spoken { #expect(said.stderr == "error: no voice here speaks \"\(tag)\"; languages: de, en, fr, it, ja, zh\n") }
            }
        }
    }
}

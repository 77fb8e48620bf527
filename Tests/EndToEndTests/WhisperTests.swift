import Foundation
import Synchronization
import TestSupport
import Testing

/// Whisper as the recogniser: `parlance speech setup` on the environment `.ci/run` installs
/// (`.build/whisper-venv`, with the base model), the real service started by `listen`, and what it heard
/// answered by the sample apps. Without that environment this suite is skipped and says why.
@Suite("Whisper", .serialized, .waitsBlocking,
       .enabled(if: WhisperEnvironment.installed, "no .build/whisper-venv (.ci/run installs it) or no espeak-ng"))
struct WhisperTests {
    @Test("set up, heard by Whisper, one service per home, restarted for new names, a spoken message read back, stopped")
    func setUpListenAndStop() throws {
        let runner = CommandRunner()
        defer {
            _ = try? runner.run(["speech", "stop"])
            try? FileManager.default.removeItem(at: runner.home)
        }
        _ = try runner.run(["chat"], input: "")  // installs the sample apps
        #expect(try runner.run(["apps", "allow", "org.parlance.examples.monkeychat"]).status == 0)
        #expect(try runner.run(["speech", "status"]).stdout.contains("not set up"))
        let setup = try runner.run(["speech", "setup", "--venv", WhisperEnvironment.path])
        #expect(setup.status == 0, "\(setup.stderr)")

        let request = runner.home.appendingPathComponent("request.wav").path
        #expect(try runner.run(["say", "--out", request, "Send a message to Kiki with MonkeyChat saying I am on my way"]).status == 0)
        let heard = try runner.run(["listen", "--json", "--transcript-only", request])
        #expect(heard.status == 0, "\(heard.stderr)")
        let lines = heard.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.first?["recognizer"] as? String == "whisper", "\(heard.stdout)")
        #expect(lines.last?["intent"] as? String == "INSendMessageIntent", "\(heard.stdout)")
        let first = try #require(WhisperEnvironment.record(in: runner.home))
        // Primed with the apps' names and the vocabulary, never with requests it could echo.
        let primed = try #require(WhisperEnvironment.initialPrompt(of: first.pid))
        #expect(primed.hasPrefix("GorillaCab, ") && primed.contains("MonkeyChat, ") && !primed.contains("Send"), "\(primed)")

        // Two commands at once find the one service running: never a second one for the home.
        let statuses = Mutex<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let status = (try? runner.run(["listen", "--transcript-only", request]))?.status ?? -1
            statuses.withLock { $0.append(status) }
        }
        #expect(statuses.withLock { $0 } == [0, 0])
        #expect(WhisperEnvironment.record(in: runner.home)?.pid == first.pid)
        #expect(WhisperEnvironment.services(of: runner.home) == 1)

        // A new contact primes the service: it is started again with the new names, and the old one is gone.
        let contacts = runner.home.appendingPathComponent("contacts.txt")
        try "Zanzibar Quill\n".write(to: contacts, atomically: true, encoding: .utf8)
        #expect(try runner.run(["vocab", "set", "--app", "org.parlance.examples.monkeychat", "--type", "contactName",
                                contacts.path]).status == 0)
        #expect(try runner.run(["listen", "--transcript-only", request]).status == 0)
        let second = try #require(WhisperEnvironment.record(in: runner.home))
        #expect(second.prompt != first.prompt && second.pid != first.pid)
        #expect(!WhisperEnvironment.runs(first.pid), "the service with the old names still runs")

        // Whisper says how sure it is of nothing: a spoken message is read back before it is sent.
        let answered = try runner.run(["listen", request])
        #expect(answered.status == 0, "\(answered.stderr)")
        #expect(answered.stdout.contains("Kiki") && !answered.stdout.contains("Sent"), "\(answered.stdout)")
        #expect(!(try runner.runProgram(TestProducts.path("monkeychat"), ["messages"]).contains("my way")))

        #expect(try runner.run(["speech", "stop"]).stdout.contains("Whisper stopped."))
        #expect(!WhisperEnvironment.runs(second.pid))
        #expect(try runner.run(["speech", "status"]).stdout.contains("not running"))
        #expect(try runner.run(["speech", "status"]).stdout.contains("int8"), "the faster compute type is the default")
    }

    @Test("a German request goes to Whisper in German, never through the English grammar; bad choices are clear errors")
    func otherLanguagesAndErrors() throws {
        let runner = CommandRunner()
        defer {
            _ = try? runner.run(["speech", "stop"])
            try? FileManager.default.removeItem(at: runner.home)
        }
        _ = try runner.run(["chat"], input: "")
        let request = runner.home.appendingPathComponent("anfrage.wav").path
        #expect(try runner.run(["say", "--language", "de", "--out", request, "Schick Kiki eine Nachricht mit MonkeyChat"]).status == 0)
        let withoutWhisper = try runner.run(["listen", "--language", "de", "--transcript-only", request])
        #expect(withoutWhisper.status == 1 && withoutWhisper.stderr.contains("parlance speech setup"), "\(withoutWhisper.stderr)")
        let notSetUp = try runner.run(["listen", "--recognizer", "whisper", "--transcript-only", request])
        #expect(notSetUp.status == 1 && notSetUp.stderr.contains("not set up"), "\(notSetUp.stderr)")
        #expect(try runner.run(["speech", "setup", "--model", "/nowhere/at/all"]).stderr.contains("no Whisper model"))
        #expect(try runner.run(["speech", "setup", "--model", "huge"]).status == 1)
        let otherLanguage = try runner.run(["speech", "start", "--language", "es"])
        #expect(otherLanguage.status == 1 && otherLanguage.stderr.contains("not supported"), "\(otherLanguage.stderr)")
        let badPrecision = try runner.run(["speech", "setup", "--venv", WhisperEnvironment.path, "--compute-type", "fast"])
        #expect(badPrecision.status == 1 && badPrecision.stderr.contains("unknown compute type"), "\(badPrecision.stderr)")

        #expect(try runner.run(["speech", "setup", "--venv", WhisperEnvironment.path]).status == 0)
        let heard = try runner.run(["listen", "--language", "de", "--json", "--transcript-only", request])
        #expect(heard.status == 0, "\(heard.stderr)")
        let lines = heard.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.first?["recognizer"] as? String == "whisper", "\(heard.stdout)")
        #expect(lines.last?["language"] as? String == "de", "\(heard.stdout)")
        #expect(lines.last?["intent"] as? String == "INSendMessageIntent", "\(heard.stdout)")
        // The grammar recogniser is still there when asked for, and says it is English only.
        let grammar = try runner.run(["listen", "--language", "de", "--recognizer", "grammar", request])
        #expect(grammar.status == 1 && grammar.stderr.contains("English only"), "\(grammar.stderr)")
    }
}

/// The Whisper environment `.ci/run` installs, and what a home's service record says.
enum WhisperEnvironment {
    static let path = WyomingPeer.root + "/.build/whisper-venv"

    static var installed: Bool {
        FileManager.default.isExecutableFile(atPath: path + "/bin/wyoming-faster-whisper")
            && FileManager.default.fileExists(atPath: path + "/parlance-models/whisper-base/model.bin")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng")
    }

    struct Record: Decodable {
        var pid: Int32
        var prompt: String
    }

    static func record(in home: URL) -> Record? {
        let file = home.appendingPathComponent("speech/whisper/service.json")
        return FileManager.default.contents(atPath: file.path).flatMap { try? JSONDecoder().decode(Record.self, from: $0) }
    }

    /// Whether `pid` still runs (an ended process waiting for a parent to reap it has no command line left).
    static func runs(_ pid: Int32) -> Bool {
        !(FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()).isEmpty
    }

    /// The prompt the service `pid` was started with (its `--initial-prompt`).
    static func initialPrompt(of pid: Int32) -> String? {
        guard let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
        let arguments = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard let flag = arguments.firstIndex(of: "--initial-prompt"), flag + 1 < arguments.count else { return nil }
        return arguments[flag + 1]
    }

    /// Whisper services running for `home` (their command line names its folder).
    static func services(of home: URL) -> Int {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.filter { Int($0) != nil }.filter { pid in
            guard let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let text = String(decoding: line, as: UTF8.self)
            return text.contains("wyoming-faster-whisper") && text.contains(home.path)
        }.count
    }
}

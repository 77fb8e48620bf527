import Foundation
import ParlanceSpeech
import TestSupport
import Testing

/// `parlance say` and `parlance listen` with the real engines and the sample apps (`.ci/run` installs
/// espeak-ng and pocketsphinx; without them this suite is skipped and says why).
@Suite("Speech commands", .serialized, .waitsBlocking, .enabled(if: SpeechPrograms.installed, "espeak-ng or pocketsphinx is not installed"))
struct SpeechCommandTests {
    @Test("the seed request spoken: heard, understood and answered, the answer spoken too")
    func seedRequestSpoken() throws {
        let runner = CommandRunner()
        defer { try? FileManager.default.removeItem(at: runner.home) }
        _ = try runner.run(["chat"], input: "")  // installs the sample apps
        #expect(try runner.run(["apps", "allow", "org.parlance.examples.monkeychat"]).status == 0)
        let request = runner.home.appendingPathComponent("request.wav").path
        let answer = runner.home.appendingPathComponent("answer.wav").path
        let said = try runner.run(["say", "MonkeyChat Bobo send more bananas", "--out", request, "--variant", "f3", "--rate", "140"])
        #expect(said.status == 0, "\(said.stderr)")
        let heard = try runner.run(["listen", request, "--answer-audio", answer])
        #expect(heard.status == 0, "\(heard.stderr)")
        #expect(heard.stdout.split(separator: "\n").map(String.init)
                == ["heard: MonkeyChat Bobo send more bananas", "Sent “send more bananas” to Bobo."], "\(heard.stdout)")
        #expect((try? Data(contentsOf: URL(fileURLWithPath: answer)).count) ?? 0 > 10_000)
        let sent = try runner.runProgram(TestProducts.path("monkeychat"), ["messages"])
        #expect(sent.contains("send more bananas"), "\(sent)")
    }

    @Test("another domain's request is declined, and bad audio gets a clear error")
    func declinedAndBadInput() throws {
        let runner = CommandRunner()
        defer { try? FileManager.default.removeItem(at: runner.home) }
        let request = runner.home.appendingPathComponent("alarm.wav").path
        try FileManager.default.createDirectory(at: runner.home, withIntermediateDirectories: true)
        #expect(try runner.run(["say", "set an alarm for six thirty", "--out", request]).status == 0)
        let heard = try runner.run(["listen", "--transcript-only", request])
        #expect(heard.status == 0, "\(heard.stderr)")
        #expect(heard.stdout.contains("intent:     (none)") || heard.stdout.contains("heard: (nothing I know)"), "\(heard.stdout)")
        let junk = runner.home.appendingPathComponent("junk.wav")
        try Data("not audio at all".utf8).write(to: junk)
        let refused = try runner.run(["listen", junk.path])
        #expect(refused.status == 1 && refused.stderr.contains("not a WAV file"), "\(refused.stderr)")
        let german = try runner.run(["listen", "--language", "de", request])
        #expect(german.status == 1 && german.stderr.contains("English only"), "\(german.stderr)")
    }
}

extension SpeechCommandTests {
    @Test("chat --speech speaks every answer into the folder given, and says what it needs")
    func chatSpeaks() throws {
        let runner = CommandRunner()
        defer { try? FileManager.default.removeItem(at: runner.home) }
        _ = try runner.run(["chat"], input: "")  // installs the sample apps
        #expect(try runner.run(["apps", "allow", "org.parlance.examples.monkeychat"]).status == 0)
        let folder = runner.home.appendingPathComponent("spoken")
        let chat = try runner.run(["chat", "--speech", "--speech-out", folder.path],
                                  input: "MonkeyChat Bobo send more bananas\nset an alarm for six\n")
        #expect(chat.status == 0, "\(chat.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["answer-0001.wav", "answer-0002.wav"], "\(files) \(chat.stdout)")
        for file in files {
            let size = (try? Data(contentsOf: folder.appendingPathComponent(file)).count) ?? 0
            #expect(size > 22_050, "\(file): a second of speech at least")  // 16-bit samples at 22,050 Hz
        }
        let lonely = try runner.run(["chat", "--speech-out", folder.path], input: "")
        #expect(lonely.status == 1 && lonely.stderr.contains("go with --speech"), "\(lonely.stderr)")
    }
}

extension SpeechCommandTests {
    @Test("a contact added to the vocabulary is heard on the next request, not before")
    func newContactHeard() throws {
        let runner = CommandRunner()
        defer { try? FileManager.default.removeItem(at: runner.home) }
        _ = try runner.run(["chat"], input: "")  // installs the sample apps
        let request = runner.home.appendingPathComponent("call.wav").path
        #expect(try runner.run(["say", "--out", request, "Call Zanzibar Quill on MonkeyCall"]).status == 0)
        let before = try runner.run(["listen", "--transcript-only", request])
        #expect(before.status == 0 && !before.stdout.contains("Zanzibar Quill"), "\(before.stdout)")
        // An app that keeps no contacts of its own, so the sample apps' own vocabulary does not replace it.
        #expect(try runner.run(["vocab", "set", "--app", "org.parlance.examples.monkeyride", "--type", "contactName"],
                               input: "Zanzibar Quill\n").status == 0)
        let after = try runner.run(["listen", "--transcript-only", request])
        #expect(after.stdout.hasPrefix("heard: call Zanzibar Quill on Monkey"), "\(after.stdout)")
    }
}

extension SpeechCommandTests {
    @Test("parlance voice: prompts listed, a voice adapted from recordings and used by listen, reset; bad input refused",
          .enabled(if: VoiceAdapter().isAvailable, "sphinxtrain or sphinxbase-utils is not installed"))
    func voiceAdapted() throws {
        let runner = CommandRunner()
        defer { try? FileManager.default.removeItem(at: runner.home) }
        _ = try runner.run(["chat"], input: "")  // installs the sample apps
        let prompts = try runner.run(["voice", "prompts"])
        let lines = prompts.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == VoicePrompts.english.count && lines.first?.hasPrefix("1\t") == true, "\(prompts.stdout)")
        #expect(try runner.run(["voice", "status"]).stdout.hasPrefix("stock"))

        var recordings: [String] = []
        for (index, line) in lines.prefix(8).enumerated() {
            recordings.append(runner.home.appendingPathComponent("prompt-\(index + 1).wav").path)
            let said = try runner.run(["say", "--out", recordings[index], "--variant", "f3", "--rate", "140", "--",
                                       String(line.split(separator: "\t")[1])])
            #expect(said.status == 0, "\(said.stderr)")
        }
        let wrongCount = runner.home.appendingPathComponent("three-lines.txt")
        try Data("one\ntwo\nthree\n".utf8).write(to: wrongCount)
        let refused = try runner.run(["voice", "adapt", "--transcripts", wrongCount.path] + recordings)
        #expect(refused.status == 1 && refused.stderr.contains("3 lines for 8 recordings"), "\(refused.stderr)")
        let notAudio = try runner.run(["voice", "adapt", wrongCount.path] + recordings)
        #expect(notAudio.status == 1 && notAudio.stderr.contains("error:"), "\(notAudio.stderr)")
        #expect(try runner.run(["voice", "status"]).stdout.hasPrefix("stock"), "a refused adaptation changes nothing")

        let adapted = try runner.run(["voice", "adapt"] + recordings)
        #expect(adapted.status == 0 && adapted.stdout.hasPrefix("Adapted to your voice from "), "\(adapted.stdout) \(adapted.stderr)")
        #expect(try runner.run(["voice", "status"]).stdout.hasPrefix("adapted to your voice"))
        let request = runner.home.appendingPathComponent("request.wav").path
        #expect(try runner.run(["say", "--out", request, "--variant", "f3", "--rate", "140", "MonkeyChat Bobo send more bananas"]).status == 0)
        let heard = try runner.run(["listen", "--transcript-only", request])
        #expect(heard.stdout.hasPrefix("heard: MonkeyChat Bobo send more bananas"), "\(heard.stdout) \(heard.stderr)")

        // A second adaptation replaces the first; reset goes back to the stock model and leaves no model behind.
        #expect(try runner.run(["voice", "adapt"] + recordings).status == 0)
        let voice = runner.home.appendingPathComponent("voice")
        let models = try FileManager.default.contentsOfDirectory(atPath: voice.path).filter { $0.hasPrefix("model-") }
        #expect(models.count == 1)

        // A damaged model (pocketsphinx would end the process loading it) is passed over with a warning.
        let means = voice.appendingPathComponent("\(models.first ?? "")/means")
        try Data(try Data(contentsOf: means).prefix(1000)).write(to: means)
        let damaged = try runner.run(["listen", "--transcript-only", request])
        #expect(damaged.status == 0 && damaged.stdout.hasPrefix("heard: "), "\(damaged.stdout) \(damaged.stderr)")
        #expect(damaged.stderr.contains("is damaged") && damaged.stderr.contains("voice reset"), "\(damaged.stderr)")
        #expect(try runner.run(["voice", "status"]).stdout.hasPrefix("stock: the model adapted to your voice"))
        #expect(try runner.run(["voice", "reset"]).status == 0)
        #expect(try runner.run(["voice", "status"]).stdout.hasPrefix("stock"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: voice.path).isEmpty)
    }
}

extension SpeechCommandTests {
    @Test("answers alone, amounts of any number and an app's own terms in their slots are heard")
    func repliesAmountsAndTerms() throws {
        let runner = CommandRunner()
        defer { try? FileManager.default.removeItem(at: runner.home) }
        _ = try runner.run(["chat"], input: "")  // installs the sample apps
        for (index, text) in ["Bobo", "pay Kiki 45 dollars with MonkeyPay", "start a Jungle Run in MonkeyFit"].enumerated() {
            let request = runner.home.appendingPathComponent("request-\(index).wav").path
            #expect(try runner.run(["say", "--out", request, "--variant", "f3", "--rate", "140", "--", text]).status == 0)
            let heard = try runner.run(["listen", "--transcript-only", request])
            let expected = text.replacingOccurrences(of: "45", with: "forty five")
            if index < 2 {
                #expect(heard.stdout.hasPrefix("heard: \(expected)\n"), "\(heard.stdout) \(heard.stderr)")
            } else {
                // The term is heard in the workout's place (the stock model may still mishear a small word).
                #expect(heard.stdout.hasPrefix("heard: start") && heard.stdout.contains("Jungle Run in Monkey"),
                        "\(heard.stdout) \(heard.stderr)")
            }
        }
    }
}

extension SpeechCommandTests {
    @Test("say refuses empty text and a voice variant espeak-ng lacks in one plain line, and writes no file",
          arguments: [["say", ""], ["say", "   "], ["say", "\n\t "], ["say", "hello", "--variant", "nosuch"],
                      ["say", "hello", "--variant", ""], ["say", "hello", "--variant", "f3;rm"]])
    func sayRefuses(_ arguments: [String]) throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        try FileManager.default.createDirectory(at: runner.home, withIntermediateDirectories: true)
        let out = runner.home.appendingPathComponent("said.wav")
        let said = try runner.run(arguments + ["--out", out.path])
        let lines = said.stderr.split(separator: "\n")
        #expect(said.status == 1 && lines.count == 1 && lines.first?.hasPrefix("error: ") == true, "\(said.stderr)")
        if arguments.contains("--variant") {
            #expect(said.stderr.contains("no voice variant") && said.stderr.contains("f3") && said.stderr.contains("m3"), "\(said.stderr)")
        } else {
            #expect(said.stderr.contains("nothing to say"), "\(said.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("say speaks with a variant espeak-ng has, whatever its capitals")
    func sayVariants() throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        try FileManager.default.createDirectory(at: runner.home, withIntermediateDirectories: true)
        var spoken: [Data] = []
        for variant in ["f3", "Alex", "ALEX"] {
            let out = runner.home.appendingPathComponent("\(variant).wav")
            let said = try runner.run(["say", "hello there", "--variant", variant, "--out", out.path])
            #expect(said.status == 0, "\(variant): \(said.stderr)")
            spoken.append((try? Data(contentsOf: out)) ?? Data())
        }
        #expect(spoken.allSatisfy { $0.count > 10_000 })
        #expect(spoken[1] == spoken[2] && spoken[0] != spoken[1], "ALEX is Alex, not the default voice")
    }
}

enum SpeechPrograms {
    /// A home with the sample apps, MonkeyChat allowed, and the seed's request spoken by espeak-ng.
    static func seedSpoken(in home: URL) throws -> (runner: CommandRunner, request: WaveAudio) {
        let runner = CommandRunner(home: home)
        _ = try runner.run(["chat"], input: "")  // installs the sample apps
        #expect(try runner.run(["apps", "allow", "org.parlance.examples.monkeychat"]).status == 0)
        let spoken = home.appendingPathComponent("spoken.wav")
        #expect(try runner.run(["say", "--out", spoken.path, "MonkeyChat Bobo send more bananas"]).status == 0)
        return (runner, try WaveAudio(contentsOf: spoken))
    }

    static var installed: Bool {
        let manager = FileManager.default
        return manager.isExecutableFile(atPath: "/usr/bin/espeak-ng")
            && (manager.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/libpocketsphinx.so.3")
                || manager.fileExists(atPath: "/usr/lib/aarch64-linux-gnu/libpocketsphinx.so.3"))
            && manager.fileExists(atPath: "/usr/share/pocketsphinx/model/en-us/en-us/mdef")
    }
}

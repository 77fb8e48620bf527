import ArgumentParser
import Foundation
import ParlanceCore
import ParlanceEngine
import ParlanceHosting
import ParlancePresentation
import ParlanceStore
import ParlanceSpeech
import ParlanceUnderstanding

/// `parlance chat`: talk to the assistant in the terminal (or from a script through stdin).
struct ChatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat", abstract: "Talk to the assistant.",
        discussion: "Type a request such as “send a MonkeyChat message to Bobo”. The assistant asks for what is "
            + "missing; answer, or say “cancel”. “what can you do?” lists example requests. With no app installed, "
            + "the bundled sample apps are installed first. Reads one line per turn from standard input when it is "
            + "not a terminal.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var understanding: UnderstandingOptions
    @OptionGroup var sandboxing: SandboxOptions
    @Option(help: ArgumentHelp("visual: cards with short words; voice: everything in words.", valueName: "mode"))
    var mode: PresentationMode = .visual
    @Flag(help: "Print one JSON object per assistant turn.") var json = false
    @Option(help: ArgumentHelp("Which saved conversation to continue.", valueName: "name")) var session = "default"
    @Flag(help: "Speak the answers (voice mode: everything in words) through the machine's audio player.") var speech = false
    @Option(help: ArgumentHelp("With --speech: write each spoken answer into this folder (answer-0001.wav…) instead of playing it.",
                               valueName: "dir"))
    var speechOut: String?
    @Option(help: ArgumentHelp("With --speech: speak with this Wyoming text-to-speech service instead of espeak-ng.",
                               valueName: "tcp://host:port"))
    var textToSpeech: String?

    func run() async throws {
        let speaker = try makeSpeaker()
        let setup = try AssistantSetup.open(global: global, understanding: understanding, sandboxing: sandboxing,
                                            mode: speaker == nil ? mode : .voice, session: session)
        let conversation = setup.conversation
        let turnPrinter = TurnPrinter(json: json)
        // Spoken answers wait in order for the speaker; printing never waits for speech.
        let (spoken, speakNext) = AsyncStream<(text: String, language: String, generation: Int)>.makeStream()
        let printer = SpeakingPrinter(printer: turnPrinter, speakNext: speaker == nil ? nil : speakNext)
        // The conversation's background work (rides followed until they complete), its updates, and speech.
        let background = Task {
            await withDiscardingTaskGroup { group in
                group.addTask { await conversation.run() }
                group.addTask {
                    for await turn in conversation.updates {
                        printer.print(turn)
                        if let speaker { printer.speak(turn, language: await conversation.language, generation: await speaker.currentGeneration()) }
                    }
                }
            }
        }
        let speaking = Task {
            guard let speaker else { return }
            for await answer in spoken { await speaker.speak(answer.text, language: answer.language, queuedIn: answer.generation) }
        }
        let interactive = isatty(STDIN_FILENO) == 1
        if interactive && !json {
            Terminal.error(FrontEndText.welcome(language: understanding.language))
        }
        func show(_ turns: [AssistantTurn]) async {
            for turn in turns {
                printer.print(turn)
                if let speaker { printer.speak(turn, language: await conversation.language, generation: await speaker.currentGeneration()) }
            }
        }
        await show(await conversation.resume())
        // Only what was printed counts as told; a request's end is forgotten after that.
        if let failure = await conversation.delivered() { await show([failure]) }
        let reader = LineEditor(interactive: interactive && !json)
        while let line = reader.readLine(prompt: "› ") {
            // The same answer as `parse` gives: nothing is guessed from bytes that are not text. With --json every
            // line is answered, a refused one with an error object.
            if let refused = RefusedLine(line, checkingText: json) {
                if json { FileHandle.standardOutput.write(Data((refused.json + "\n").utf8)) } else { Terminal.error(refused.error.message) }
                continue
            }
            guard case .text(let read) = line else { continue }
            let text = read.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            if !interactive && !json { FileHandle.standardOutput.write(Data("› \(TurnPrinter.visible(text))\n".utf8)) }
            if ["quit", "exit", "bye"].contains(text.lowercased()) { break }
            // A person typing has moved on: what was still being said is stopped. (Piped input is read at
            // once; each of its answers is spoken.)
            if interactive { await speaker?.interrupt() }
            let generation = await speaker?.currentGeneration() ?? 0
            let before = await conversation.language  // what progress is said in, while the request is worked on
            let turns = await conversation.respond(to: text) { turn in
                printer.print(turn)
                printer.speak(turn, language: before, generation: generation)
            }
            let language = await conversation.language
            for turn in turns {
                printer.print(turn)
                printer.speak(turn, language: language, generation: generation)
            }
            if let failure = await conversation.delivered() { await show([failure]) }
        }
        if !interactive {
            // Piped input ended: let background work (a ride on its way) report, for at most two minutes.
            let deadline = ContinuousClock.now + .seconds(120)
            while conversation.hasBackgroundWork && ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        await setup.close(after: background)
        // Piped input: what was said last is heard (or written) before the command ends; a person who typed
        // "quit" is not kept waiting for it.
        if interactive { await speaker?.interrupt() }
        speakNext.finish()
        await speaking.value
    }

    /// The answers' speaker when `--speech` asks for one; a clear error when it cannot speak.
    private func makeSpeaker() throws -> AnswerSpeaker? {
        guard speech else {
            if speechOut != nil || textToSpeech != nil {
                Terminal.error("error: --speech-out and --text-to-speech go with --speech")
                throw ExitCode(1)
            }
            return nil
        }
        let voice = try VoiceChoice.voice(service: textToSpeech)
        if textToSpeech == nil, !EspeakSynthesizer().isAvailable {
            Terminal.error("error: espeak-ng is not installed, so answers cannot be spoken; install it with "
                           + "`apt-get install espeak-ng` or use --text-to-speech tcp://HOST:PORT")
            throw ExitCode(1)
        }
        if let speechOut {
            let folder = URL(fileURLWithPath: speechOut)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                Terminal.error("error: cannot make \(speechOut): \(error.localizedDescription)")
                throw ExitCode(1)
            }
            return AnswerSpeaker(voice: voice, folder: folder, player: nil)
        }
        guard let player = AudioPlayer.find() else {
            Terminal.error("error: no audio player found (pw-play, paplay or aplay; `apt-get install alsa-utils`); "
                           + "--speech-out DIR writes the answers as WAV files instead")
            throw ExitCode(1)
        }
        return AnswerSpeaker(voice: voice, folder: nil, player: player)
    }
}

/// Prints each turn and, with `--speech`, queues its words for the speaker.
struct SpeakingPrinter: Sendable {
    let printer: TurnPrinter
    let speakNext: AsyncStream<(text: String, language: String, generation: Int)>.Continuation?

    func print(_ turn: AssistantTurn) { printer.print(turn) }

    func speak(_ turn: AssistantTurn, language: String, generation: Int) {
        speakNext?.yield((turn.speech, language, generation))
    }
}

extension PresentationMode: ExpressibleByArgument {}

/// Prints turns: words and a card, or one JSON object per turn.
struct TurnPrinter: Sendable {
    let json: Bool

    func print(_ turn: AssistantTurn) {
        var output: String
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            output = (try? String(decoding: encoder.encode(turn), as: UTF8.self)) ?? "{}"
        } else {
            output = turn.speech
            if let card = turn.card, turn.kind != .question || !card.options.isEmpty || card.footer != nil {
                let drawn = CardRenderer.render(card)
                if !drawn.isEmpty { output += "\n" + drawn }
            }
        }
        FileHandle.standardOutput.write(Data((Self.visible(output) + "\n").utf8))
    }

    /// The text with control characters shown, not obeyed: an app's answer cannot drive the terminal.
    static func visible(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control, scalar != "\n", scalar != "\t" {
                // C0 controls have their own pictures (␛ for escape); others are shown by code.
                if scalar.value < 0x20, let picture = Unicode.Scalar(0x2400 + scalar.value) {
                    result.append(picture)
                } else {
                    result.append(contentsOf: "<U+\(String(scalar.value, radix: 16, uppercase: true))>".unicodeScalars)
                }
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}

import ArgumentParser
import Foundation
import ParlanceCore
import ParlanceEngine
import ParlanceHosting
import ParlancePresentation
import ParlanceStore
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

    func run() async throws {
        let setup = try AssistantSetup.open(global: global, understanding: understanding, sandboxing: sandboxing,
                                            mode: mode, session: session)
        let conversation = setup.conversation
        let printer = TurnPrinter(json: json)
        // The conversation's background work (rides followed until they complete) and its updates.
        let background = Task {
            await withDiscardingTaskGroup { group in
                group.addTask { await conversation.run() }
                group.addTask { for await turn in conversation.updates { printer.print(turn) } }
            }
        }
        let interactive = isatty(STDIN_FILENO) == 1
        if interactive && !json {
            Terminal.error(FrontEndText.welcome(language: understanding.language))
        }
        for turn in await conversation.resume() { printer.print(turn) }
        // Only what was printed counts as told; a request's end is forgotten after that.
        if let failure = await conversation.delivered() { printer.print(failure) }
        let reader = LineEditor(interactive: interactive && !json)
        while let line = reader.readLine(prompt: "› ") {
            guard case .text(let read) = line else {
                // The same answer as `parse` gives: nothing is guessed from bytes that are not text.
                Terminal.error(line.problem ?? "")
                continue
            }
            let text = read.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            if !interactive && !json { FileHandle.standardOutput.write(Data("› \(TurnPrinter.visible(text))\n".utf8)) }
            if ["quit", "exit", "bye"].contains(text.lowercased()) { break }
            let turns = await conversation.respond(to: text) { turn in printer.print(turn) }
            for turn in turns { printer.print(turn) }
            if let failure = await conversation.delivered() { printer.print(failure) }
        }
        if !interactive {
            // Piped input ended: let background work (a ride on its way) report, for at most two minutes.
            let deadline = ContinuousClock.now + .seconds(120)
            while conversation.hasBackgroundWork && ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        await setup.close(after: background)
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

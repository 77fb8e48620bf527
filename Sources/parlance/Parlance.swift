import ArgumentParser
import Foundation

/// The `parlance` command.
@main
struct Parlance: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parlance",
        abstract: "An offline voice and text assistant that lets apps offer their services through natural requests.",
        discussion: "State (installed apps, permissions, user vocabulary) lives in --home, else $PARLANCE_HOME, else "
            + "$XDG_DATA_HOME/parlance, else ~/.local/share/parlance.",
        subcommands: [ChatCommand.self, ListenCommand.self, SayCommand.self, SpeechCommand.self, WyomingCommand.self, TestCommand.self, AppsCommand.self, LockCommand.self, UnlockCommand.self, ReadBackCommand.self, VocabCommand.self, VoiceCommand.self, ParseCommand.self, EvalCommand.self, LintCommand.self, PhrasingCommand.self, ServeCommand.self, UsersCommand.self])

    /// Every file the assistant creates is the user's alone (folders 0700, files 0600), whatever umask
    /// it was started with.
    static func main() async {
        umask(0o077)
        VisibleStandardError.bootstrap()
        do {
            var command = try parsedCommand()
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}

extension Parlance {
    /// Commands without subcommands that a fresh process may run to answer at once (`parse`, `chat`).
    private static let quickCommands: [String: any ParsableCommand.Type] = ["parse": ParseCommand.self, "chat": ChatCommand.self]
    /// Words that ask for help or the tool's own output rather than a run.
    private static let helpWords: Set<String> = ["-h", "--help", "help", "--version", "--generate-completion-script",
                                                 "--experimental-dump-help"]

    /// The command line, parsed. `parlance parse …` and `parlance chat …` are parsed by their command alone:
    /// parsing through the root reflects every command of the tree (measured: ≈ 10 ms of the ≈ 85 ms a fresh
    /// `parse` takes to answer). Help, and anything the command refuses, goes through the root, so usage and
    /// error messages are the root's.
    static func parsedCommand() throws -> any ParsableCommand {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let name = arguments.first, let command = quickCommands[name], helpWords.isDisjoint(with: arguments),
           let parsed = try? command.parseAsRoot(Array(arguments.dropFirst())) {
            return parsed
        }
        return try parseAsRoot()
    }
}

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder for all of Parlance's state.", valueName: "dir"))
    var home: String?
}

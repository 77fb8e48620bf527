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
        subcommands: [ChatCommand.self, ListenCommand.self, SayCommand.self, WyomingCommand.self, TestCommand.self, AppsCommand.self, LockCommand.self, UnlockCommand.self, VocabCommand.self, VoiceCommand.self, ParseCommand.self, EvalCommand.self, LintCommand.self, PhrasingCommand.self, ServeCommand.self])

    /// Every file the assistant creates is the user's alone (folders 0700, files 0600), whatever umask
    /// it was started with.
    static func main() async {
        umask(0o077)
        do {
            var command = try parseAsRoot()
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

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder for all of Parlance's state.", valueName: "dir"))
    var home: String?
}

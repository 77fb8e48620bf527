import ArgumentParser

/// The `parlance` command.
@main
struct Parlance: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parlance",
        abstract: "An offline voice and text assistant that lets apps offer their services through natural requests.",
        discussion: "State (installed apps, permissions, user vocabulary) lives in --home, else $PARLANCE_HOME, else "
            + "$XDG_DATA_HOME/parlance, else ~/.local/share/parlance.",
        subcommands: [ChatCommand.self, TestCommand.self, AppsCommand.self, LockCommand.self, UnlockCommand.self, VocabCommand.self, ParseCommand.self, EvalCommand.self, LintCommand.self, PhrasingCommand.self])
}

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder for all of Parlance's state.", valueName: "dir"))
    var home: String?
}

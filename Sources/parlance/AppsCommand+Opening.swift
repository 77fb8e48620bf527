import ArgumentParser
import ParlanceCore

extension AppsCommand {
    /// `parlance apps ask-to-open ID`: takes back the "always" said to "Open APP to finish this?".
    struct AskToOpen: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ask-to-open",
            abstract: "Ask again before opening an app to finish a request (take back an “always”).",
            discussion: "When an app's extension wants the app itself to finish a request, the assistant asks "
                + "“Open APP to finish this?”; “always” opens it without asking from then on. This takes that back.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "id")) var identifier: String

        func run() async throws {
            try CommandErrors.report {
                let store = try StoreAccess.open(global)
                try store.setOpensWithoutAsking(false, for: identifier)
                let name = try store.app(identifier)?.bundle.displayName ?? identifier
                print("The assistant will ask before opening \(name) (\(identifier)).")
            }
        }
    }

    /// The line `apps list` prints about the apps opened without asking, or nil when there are none.
    static func openedWithoutAsking(_ identifiers: [String], apps: [InstalledApp]) -> String? {
        guard !identifiers.isEmpty else { return nil }
        let names = identifiers.map { identifier in
            apps.first { $0.bundle.identifier == identifier }?.bundle.displayName ?? identifier
        }
        return "Opened without asking (parlance apps ask-to-open ID to take it back): \(names.joined(separator: ", "))."
    }
}

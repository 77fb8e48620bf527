import ArgumentParser
import ParlanceCore

/// `parlance lint BUNDLE`: check a bundle without installing it.
struct LintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint", abstract: "Check an app bundle and list every problem, without installing it.")
    @Argument(help: ArgumentHelp("The app's bundle folder.", valueName: "bundle")) var path: String

    func run() async throws {
        try CommandErrors.report {
            let loaded = try BundleLoader.load(path)
            for warning in loaded.warnings { print(warning.description) }
            let app = loaded.app
            print("\(app.displayName) (\(app.identifier)): OK, \(loaded.warnings.count) warning"
                  + (loaded.warnings.count == 1 ? "" : "s") + "; intents: \(app.supportedIntents.joined(separator: ", "))")
        }
    }
}

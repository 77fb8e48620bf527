import ArgumentParser
import ParlanceCore
import ParlanceUnderstanding

/// `parlance lint BUNDLE`: check a bundle without installing it, example requests included.
struct LintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint", abstract: "Check an app bundle and list every problem, without installing it.",
        discussion: "Besides the bundle's files, every example request (IntentExamples) of every language is "
            + "understood as a person's request would be, without the word-for-word match an example gets: it must "
            + "be its IntentName for this app, with every value it shows read into a parameter, name the app, be "
            + "short, not address the assistant by name and have no \"please\" or \"thank you\". "
            + "Exits with status 1 when the bundle cannot be installed or an example fails.")
    @Argument(help: ArgumentHelp("The app's bundle folder.", valueName: "bundle")) var path: String
    @Flag(help: "List every example with how it was understood, not only the ones that fail.") var examples = false

    func run() async throws {
        var failed = 0
        try CommandErrors.report {
            let loaded = try BundleLoader.load(path)
            for warning in loaded.warnings { print(warning.description) }
            let app = loaded.app
            print("\(app.displayName) (\(app.identifier)): OK, \(loaded.warnings.count) warning"
                  + (loaded.warnings.count == 1 ? "" : "s") + "; intents: \(app.supportedIntents.joined(separator: ", "))")
            let checker = ExamplePhraseChecker(app: app)
            let checks = checker.check()
            for check in checks {
                if !check.passes {
                    for problem in check.bundleProblems(severity: .error) { print(problem.description) }
                } else if examples {
                    let understood = check.understood.map { ExamplePhraseChecker.summary(of: $0.parameters) } ?? ""
                    print("ok: \(check.file): \(check.key): \"\(check.example)\" → \(check.intentName)\(understood)")
                }
            }
            failed = checks.filter { !$0.passes }.count
            let languages = Array(Set(checks.map(\.localization))).sorted().joined(separator: " ")
            print("examples: \(checks.count - failed) of \(checks.count) work" + (languages.isEmpty ? "" : " (\(languages))"))
            for localization in checker.uncheckedLocalizations {
                print("warning: \(app.path.split(separator: "/").last ?? ""): \(localization).lproj: examples not checked: "
                      + "Parlance does not understand this language")
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }
}

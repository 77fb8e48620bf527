import ArgumentParser
import ParlanceCore
import ParlanceUnderstanding

/// `parlance lint BUNDLE`: check a bundle without installing it, example requests included.
struct LintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint", abstract: "Check an app bundle and list every problem, without installing it.",
        discussion: "Every problem is listed at once, errors and warnings, each with its file and key: the bundle's "
            + "files, and every example request (IntentExamples) of every language. An example must be for an intent "
            + "the Intents extension supports, and is understood as a person's request would be, without the "
            + "word-for-word match an example gets: it must be its IntentName for this app, with every value it shows "
            + "read into a parameter, name the app, be short, not address the assistant by name and have no "
            + "\"please\" or \"thank you\". Exits with status 1 when there is an error (the bundle cannot be "
            + "installed, or an example fails); warnings alone exit 0.")
    @Argument(help: ArgumentHelp("The app's bundle folder.", valueName: "bundle")) var path: String
    @Flag(help: "List every example with how it was understood, not only the ones that fail.") var examples = false

    func run() async throws {
        let inspection = BundleLoader.inspect(path)
        var problems = inspection.problems
        for problem in problems { print(problem.description) }
        guard let app = inspection.app else {
            print(LintReport.totals(problems))
            throw ExitCode(1)
        }
        let bundleErrors = inspection.errors.count
        let warnings = problems.count - bundleErrors
        print("\(app.displayName) (\(app.identifier.isEmpty ? "no identifier" : app.identifier)): "
              + (bundleErrors == 0 ? "OK" : "cannot be installed, \(LintReport.count(bundleErrors, "error"))")
              + ", \(LintReport.count(warnings, "warning")); intents: "
              + (app.supportedIntents.isEmpty ? "none" : app.supportedIntents.joined(separator: ", ")))
        let checker = ExamplePhraseChecker(app: app)
        let checks = checker.check()
        for check in checks {
            if !check.passes {
                let failed = check.bundleProblems(severity: .error)
                for problem in failed { print(problem.description) }
                problems += failed
            } else if examples {
                let understood = check.understood.map { ExamplePhraseChecker.summary(of: $0.parameters) } ?? ""
                print("ok: \(check.file): \(check.key): \"\(check.example)\" → \(check.intentName)\(understood)")
            }
        }
        let failed = checks.filter { !$0.passes }.count
        let languages = Array(Set(checks.map(\.localization))).sorted().joined(separator: " ")
        print("examples: \(checks.count - failed) of \(checks.count) work" + (languages.isEmpty ? "" : " (\(languages))")
              + (app.intentsExtension == nil && !checks.isEmpty ? ", checked for style only: the bundle has no Intents extension" : ""))
        for localization in checker.uncheckedLocalizations {
            let problem = BundleProblem(severity: .warning, file: "\(app.path.split(separator: "/").last ?? "")/\(localization).lproj",
                                        key: nil, message: "examples not checked: Parlance does not understand this language")
            print(problem.description)
            problems.append(problem)
        }
        print(LintReport.totals(problems))
        if problems.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }
}

/// The last line of `parlance lint`: how many errors and warnings in all.
enum LintReport {
    static func totals(_ problems: [BundleProblem]) -> String {
        let errors = problems.filter { $0.severity == .error }.count
        return "\(count(errors, "error")), \(count(problems.count - errors, "warning"))"
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

import ArgumentParser
import Foundation
import ParlanceUnderstanding

/// `parlance phrasing check|sample`: the language data files, for translators and for CI.
struct PhrasingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "phrasing", abstract: "Check a language's data files, or make sentences from its templates.",
        subcommands: [PhrasingCheckCommand.self, PhrasingSampleCommand.self])
}

/// `parlance phrasing check [--folder DIR --language CODE]`.
struct PhrasingCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "List every mistake in the language files as file:line:column; exit 1 if there is one.",
        discussion: "Without --folder, checks the bundled languages.")
    @Option(help: ArgumentHelp("A language folder of .txt phrasebook files.", valueName: "dir")) var folder: String?
    @Option(help: ArgumentHelp("The folder's language code (default: the folder's name).", valueName: "code"))
    var language: String?

    func run() async throws {
        let issues: [PhrasebookIssue]
        if let folder {
            let url = URL(fileURLWithPath: folder)
            issues = Phrasebooks.check(folder: url, language: language ?? url.standardizedFileURL.lastPathComponent)
        } else {
            issues = Phrasebooks.bundledIssues
        }
        for issue in issues { print(issue.description) }
        guard issues.isEmpty else {
            FileHandle.standardError.write(Data("\(issues.count) mistake\(issues.count == 1 ? "" : "s")\n".utf8))
            throw ExitCode(1)
        }
        print(folder.map { "\($0): no mistakes" } ?? "bundled languages (\(LanguageCatalog.supported.joined(separator: ", "))): no mistakes")
    }
}

/// `parlance phrasing sample --language CODE [--intent NAME] [--count N]`.
struct PhrasingSampleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample", abstract: "Print sentences made from a language's templates, parameters marked [words](property).")
    @Option(help: ArgumentHelp("The language.", valueName: "code")) var language: String
    @Option(help: ArgumentHelp("Only this intent's templates (none: the out-of-scope ones).", valueName: "name"))
    var intent: String?
    @Option(help: "How many sentences.") var count = 10
    @Option(help: "The same seed gives the same sentences.") var seed: UInt64 = 1
    @Option(help: ArgumentHelp("Read the language from this folder instead of the bundle.", valueName: "dir"))
    var folder: String?
    @Flag(help: "Also print the template each sentence came from.") var templates = false

    func run() async throws {
        do {
            let sentences = try Phrasebooks.sample(language: language, folder: folder.map { URL(fileURLWithPath: $0) },
                                                   intent: intent, count: count, seed: seed)
            for sentence in sentences {
                print("\(sentence.intent)\t\(sentence.marked)")
                if templates { print("\t← \(sentence.template)") }
            }
        } catch {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
    }
}

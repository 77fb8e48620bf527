import ArgumentParser
import Foundation
import ParlanceCore
import ParlanceEngine
import ParlanceHosting
import ParlancePresentation
import ParlanceScripts

/// `parlance test FILE…`: scripted conversations against real extensions, each in a clean home.
struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test", abstract: "Run scripted conversations (docs/conversation-tests.md).",
        discussion: "Each test runs in a clean temporary home with the apps installed and allowed (unless the script says "
            + "“permission: ask”). The apps are those given with --app, the bundled samples with --samples, else the "
            + "apps installed in the home (or the samples when none is).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var understanding: UnderstandingOptions
    @OptionGroup var sandboxing: SandboxOptions
    @Option(name: .customLong("app"), help: ArgumentHelp("An app bundle to test with (repeatable).", valueName: "path"))
    var appPaths: [String] = []
    @Flag(help: "Test with the bundled sample apps.") var samples = false
    @Option(help: ArgumentHelp("Word every reply from this replies file (CODE.txt, docs/phrasebooks.md), a language tried from its "
                               + "data alone, and check only each conversation's structure, not the replies' words.",
                               valueName: "file"))
    var replies: String?
    @Flag(help: "Print each test's conversation, passed or not.") var transcript = false
    @Argument(help: ArgumentHelp("Conversation scripts.", valueName: "file")) var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one conversation script") }
    }

    func run() async throws {
        SampleApps.exportBinaryFolder()
        var bundles: [AppBundle] = []
        var sampleBundles: Set<String> = []
        let sandbox: ExtensionSandbox
        do {
            sandbox = try sandboxing.sandbox()
            for path in appPaths { bundles.append(try BundleLoader.load(path).app) }
            var useSamples = samples
            if appPaths.isEmpty && !samples {
                let installed = try StoreAccess.open(global).apps().map(\.bundle)
                bundles += installed
                useSamples = installed.isEmpty
            }
            if useSamples {
                for url in try SampleApps.bundles() {
                    let app = try BundleLoader.load(url.path).app
                    bundles.append(app)
                    sampleBundles.insert(app.path)
                }
            }
        } catch let error as BundleValidationError {
            Terminal.error(error.description)
            throw ExitCode(1)
        } catch let error as CommandFailure {
            Terminal.error("error: \(error.message)")
            throw ExitCode(1)
        } catch {
            Terminal.error("error: \(error)")
            throw ExitCode(1)
        }
        let options = understanding
        _ = try options.referenceTime()  // a bad --now is reported before any test runs
        let checkedReplies = try replies.map(Self.tryReplies) ?? .asWritten
        let runner = ScriptRunner(bundles: bundles, syncedApps: sampleBundles, language: understanding.explicitLanguage,
                                  understander: { try options.understander(store: $0, fallbackCurrency: "USD") },
                                  runProgram: { try SampleApps.runAppCommand($0, $1, home: $2) }, sandbox: sandbox,
                                  replies: checkedReplies)
        var passed = 0
        var failed = 0
        var skipped = 0
        for file in files {
            let script: ConversationScript
            do {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw ConversationScript.ParseError(description: "\(file): cannot read the file (missing or not readable)")
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    throw ConversationScript.ParseError(description: "\(file): not UTF-8 text")
                }
                script = try ConversationScript(text: text, file: file)
            } catch {
                Terminal.error("error: \(error)")
                failed += 1
                continue
            }
            for test in script.tests {
                if let reason = runner.skipReason(test) {
                    skipped += 1
                    print("- \(test.name)  (skipped: \(reason))")
                    continue
                }
                let outcome = await runner.run(test)
                if let (failure, _) = outcome, failure.skipped {
                    skipped += 1
                    print("- \(test.name)  (skipped at \(file):\(failure.line): \(failure.message))")
                } else if let (failure, transcript) = outcome {
                    failed += 1
                    print("✗ \(test.name)  (\(file):\(test.line))")
                    print("    \(file):\(failure.line): \(failure.message)")
                    print("    the conversation:")
                    for line in transcript { print("    " + line) }
                } else {
                    passed += 1
                    print("✓ \(test.name)")
                    if transcript { for line in runner.lastTranscript { print("    " + line) } }
                }
                fflush(nil)
            }
        }
        print("\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : ""))
        if failed > 0 { throw ExitCode(1) }
    }

    /// A replies file to try: read, checked against English's, and made the replies of its language (the file's
    /// name) in this process. Every reply must then be worded: not empty, no placeholder left.
    static func tryReplies(_ path: String) throws -> ScriptRunner.Replies {
        let file = URL(fileURLWithPath: path)
        let code = file.deletingPathExtension().lastPathComponent
        // The file's name is the language it words: a name that is no code would quietly word nothing.
        guard file.pathExtension == "txt", !code.isEmpty, code == LanguageTag.code(of: code),
              code.allSatisfy({ $0.isASCII && $0.isLowercase }) else {
            Terminal.error("error: \(path): a replies file is named after its language's code, in lower case: es.txt, pt.txt")
            throw ExitCode(1)
        }
        let catalog: ReplyCatalog
        do {
            catalog = try ReplyCatalog(directory: file.deletingLastPathComponent(), code: code)
        } catch {
            Terminal.error("error: \(path): \(error)")
            throw ExitCode(1)
        }
        if let english = ReplyLanguages.bundledCatalog("en") {
            let problems = catalog.problems(against: english)
            if !problems.isEmpty {
                Terminal.error(problems.map { "error: \(path): \($0)" }.joined(separator: "\n"))
                throw ExitCode(1)
            }
        }
        ReplyLanguages.add(catalog)
        return .structureOnly(code: code) { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.contains("{") }
    }
}

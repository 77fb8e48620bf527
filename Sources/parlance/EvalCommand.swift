import ArgumentParser
import Foundation
import ParlanceScripts
import ParlanceStore
import ParlanceUnderstanding

/// `parlance eval FILE`: scores understanding on a labelled set.
struct EvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval", abstract: "Score understanding on a labelled set (JSON Lines of text, app, intent, parameters).",
        discussion: "By default requests are understood against the apps installed in the home and their vocabulary; "
            + "--apps evaluates against a folder of bundles instead (with --vocabulary for user vocabulary). "
            + "Exits with status 1 when a --min-* threshold is not met.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var understanding: UnderstandingOptions
    @Option(help: ArgumentHelp("Evaluate against the *.app bundles in this folder.", valueName: "dir")) var apps: String?
    @Option(help: ArgumentHelp("User vocabulary for --apps: {\"app\": {\"contactName\": [...]}}.", valueName: "file"))
    var vocabulary: String?
    @Option(help: ArgumentHelp("Fail below this intent accuracy (0–1).", valueName: "fraction"))
    var minIntentAccuracy: Double?
    @Option(help: ArgumentHelp("Fail below this exact-frame accuracy (0–1).", valueName: "fraction"))
    var minExactFrame: Double?
    @Flag(help: "Print the report as JSON.") var json = false
    @Flag(help: "Leave out the list of failures.") var quiet = false
    @Argument(help: ArgumentHelp("The labelled set.", valueName: "file")) var file: String

    func run() async throws {
        try CommandErrors.report {
            let set: [(line: Int, request: LabelledRequest)]
            do {
                set = try Evaluator.load(URL(fileURLWithPath: file))
            } catch let error as EvaluationFileError {
                throw CommandFailure(error.message)
            } catch {
                throw CommandFailure("cannot read \(file): \(error.localizedDescription)")
            }
            let store: AssistantStore
            if let apps {
                do {
                    store = try EvaluationSetup.store(apps: URL(fileURLWithPath: apps),
                                                      vocabulary: vocabulary.map { URL(fileURLWithPath: $0) })
                } catch let error as EvaluationFileError {
                    throw CommandFailure(error.message)
                }
            } else {
                if vocabulary != nil { throw CommandFailure("--vocabulary needs --apps (the home has its own vocabulary)") }
                store = try StoreAccess.open(global)
            }
            // Labelled sets are written in US dollars unless they say otherwise, whatever the locale.
            let understander = try understanding.understander(store: store, fallbackCurrency: "USD")
            let report = Evaluator(understander: understander, defaultLanguage: understanding.explicitLanguage).evaluate(set)
            print(json ? EvaluationReport.encodedJSON(report) : report.summary(showFailures: !quiet))
            var unmet: [String] = []
            if let minIntentAccuracy, report.intentAccuracy < minIntentAccuracy {
                unmet.append(String(format: "intent accuracy %.3f is below %.3f", report.intentAccuracy, minIntentAccuracy))
            }
            if let minExactFrame, report.exactFrameAccuracy < minExactFrame {
                unmet.append(String(format: "exact-frame accuracy %.3f is below %.3f", report.exactFrameAccuracy, minExactFrame))
            }
            if !unmet.isEmpty { throw CommandFailure(unmet.joined(separator: "; ")) }
        }
    }
}

extension EvaluationReport {
    static func encodedJSON(_ report: EvaluationReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        return (try? encoder.encode(report)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }
}

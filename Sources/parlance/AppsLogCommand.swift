import ArgumentParser
import Foundation
import ParlanceHosting
import ParlanceStore

extension AppsCommand {
    /// `parlance apps log ID`: what the assistant asked of an app's extension and what came back.
    struct Log: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show an app's activity: each call to its extension with the outcome, starts, ends and its stderr.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "id")) var identifier: String
        @Option(help: "How many of the latest entries to show.") var lines = 50
        @Flag(help: "One JSON object per entry, as stored.") var json = false

        func run() async throws {
            try CommandErrors.report {
                let store = try StoreAccess.open(global)
                guard try store.app(identifier) != nil else {
                    throw ValidationError("No app \(identifier) is installed; see parlance apps list")
                }
                let log = ExtensionActivityLog(home: ParlanceHome.resolve(explicit: global.home))
                let entries = log.entries(of: identifier, limit: lines)
                if entries.isEmpty {
                    print("Nothing recorded for \(identifier) yet; its log is \(log.file(of: identifier).path)")
                    return
                }
                let encoder = JSONEncoder()
                encoder.dateEncodingStrategy = .iso8601
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                for entry in entries {
                    let line = json ? String(decoding: try encoder.encode(entry), as: UTF8.self) : Self.describe(entry)
                    print(line)  // `print` shows what is left of control characters; `describe` made line breaks visible
                }
            }
        }

        static func describe(_ entry: ExtensionActivityLog.Entry) -> String {
            let time = entry.time.formatted(.iso8601.year().month().day().dateTimeSeparator(.space).time(includingFractionalSeconds: false))
            // Every field on one line with its control characters visible, even in a log written before they
            // were stored so: a detail cannot start a line that looks like another entry.
            var fields = [time, VisibleText.of(entry.event).padding(toLength: 13, withPad: " ", startingAt: 0)]
            if let intent = entry.intent { fields.append(VisibleText.of(intent)) }
            if let detail = entry.detail.map({ VisibleText.of($0) }) {
                fields.append(entry.failed == true ? "failed: \(detail)" : detail)
            }
            if let milliseconds = entry.milliseconds { fields.append("(\(milliseconds) ms)") }
            return fields.joined(separator: "  ")
        }
    }
}

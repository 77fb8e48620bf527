import AssistantServer
import Foundation
import Logging
import ParlanceHosting

/// Where the CLI's log messages go: standard error, each message's control characters shown, not obeyed
/// (`VisibleText`), so nothing an app sent that reaches a log message (a line it wrote, an error it gave)
/// can drive the terminal or fake a line of its own. Only the line's own end stays a line feed.
struct VisibleStandardError: TextOutputStream, Sendable {
    mutating func write(_ string: String) {
        let text = string.hasSuffix("\n") ? VisibleText.of(String(string.dropLast())) + "\n" : VisibleText.of(string)
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Sends every logger of the process here (the format is swift-log's stream handler's); a line written
    /// for an HTTP request of `parlance serve` carries its `request-id`.
    static func bootstrap() {
        LoggingSystem.bootstrap({ label, provider in
            StreamLogHandler(label: label, stream: VisibleStandardError(), metadataProvider: provider)
        }, metadataProvider: RequestIdentifier.metadataProvider)
    }
}

import Foundation
import Logging
import Synchronization

/// A log handler that keeps every message with its metadata, for asserting on log lines.
package final class CapturedLog: Sendable {
    package struct Entry: Sendable {
        package let level: Logger.Level
        package let message: String
        package let metadata: [String: String]
    }

    private let entries = Mutex<[Entry]>([])

    package init() {}

    package var all: [Entry] { entries.withLock { $0 } }

    package func logger(label: String = "test") -> Logger {
        var logger = Logger(label: label) { _ in Handler(log: self) }
        logger.logLevel = .trace
        return logger
    }

    fileprivate func append(_ entry: Entry) {
        entries.withLock { $0.append(entry) }
    }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            log.append(Entry(level: event.level, message: "\(event.message)",
                             metadata: merged.mapValues { "\($0)" }))
        }
    }
}

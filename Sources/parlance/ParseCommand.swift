import ArgumentParser
import Foundation
import ParlanceStore
import ParlanceUnderstanding

/// `parlance parse`: understanding only, one JSON object per request.
struct ParseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse", abstract: "Show what Parlance understands from requests (app, intent, parameters).",
        discussion: "With no TEXT, reads one request per line from standard input and prints one JSON object per line, "
            + "in order; a line that cannot be understood (empty, too long, not UTF-8) gets an object with \"error\".")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var understanding: UnderstandingOptions
    @Flag(help: "Print JSON even for requests given as arguments.") var json = false
    @Argument(help: ArgumentHelp("A request; several words are joined into one.", valueName: "text")) var text: [String] = []

    func run() async throws {
        try CommandErrors.report {
            let store = try StoreAccess.open(global)
            let understander = try understanding.understander(store: store)
            defer { understander.finishModelTraining() }  // so the next process starts with the model for these apps
            if try store.apps().isEmpty {
                Terminal.error("warning: no apps are installed, so no request has an intent; install one with "
                    + "parlance apps install PATH")
            }
            if !text.isEmpty {
                let line = text.joined(separator: " ")
                if json {
                    print(ParseOutput.json(for: line, understander: understander, language: understanding.language))
                } else {
                    print(try ParseOutput.summary(for: line, understander: understander, language: understanding.language))
                }
                fflush(nil)  // the answer is out before a model still training for new apps is waited for
                return
            }
            let language = understanding.language  // the locale is read once, not per line
            var number = 0
            for line in InputLines.standardInput() {
                number += 1
                switch line {
                case .text(let text):
                    print(ParseOutput.json(for: text, understander: understander, language: language))
                case .invalidUTF8:
                    print(ParseOutput.error("line \(number) is not valid UTF-8", text: nil))
                case .tooLong(let bytes):
                    print(ParseOutput.error("line \(number) is \(bytes) bytes long; a request can be at most "
                        + "\(RequestUnderstander.maximumLength) characters", text: nil))
                }
                fflush(nil)
            }
        }
    }
}

/// Options every understanding command takes.
struct UnderstandingOptions: ParsableArguments {
    @Option(name: .customLong("language"),
            help: ArgumentHelp("The language of the requests (default: the user's locale, else English).", valueName: "code"))
    var explicitLanguage: String?

    /// The language asked for, else the locale's when it is supported, else English.
    var language: String { Self.language(explicitLanguage) }

    /// `explicit`, else the locale's language when Parlance speaks it, else English.
    static func language(_ explicit: String?) -> String {
        if let explicit { return explicit }
        let local = UserLanguage.current()
        return LanguageCatalog.isSupported(local) ? local : "en"
    }

    /// Refuses a language named that Parlance does not speak.
    static func checkSupported(_ explicit: String?) throws {
        if let language = explicit, !LanguageCatalog.isSupported(language) {
            throw CommandFailure("language '\(language)' is not supported; supported: \(LanguageCatalog.supported.joined(separator: ", "))")
        }
    }
    @Option(help: ArgumentHelp("Understand dates as if it were this moment (ISO 8601).", valueName: "date"))
    var now: String?
    @Option(help: ArgumentHelp("The currency of amounts said without one (default: the locale's).", valueName: "code"))
    var currency: String?

    func referenceTime() throws -> ReferenceTime {
        guard let now else { return ReferenceTime() }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: now) { return ReferenceTime(now: date) }
        formatter.formatOptions = [.withFullDate]
        if let date = formatter.date(from: now) { return ReferenceTime(now: date.addingTimeInterval(12 * 3600)) }
        throw CommandFailure("--now '\(now)' is not an ISO 8601 date such as 2026-11-21 or 2026-11-21T12:00:00Z")
    }

    /// An understander over a store, with these options' language check, clock and currency.
    func understander(store: AssistantStore, fallbackCurrency: String? = nil) throws -> RequestUnderstander {
        try Self.checkSupported(explicitLanguage)
        let time = try referenceTime()
        let fixed = now != nil
        return RequestUnderstander(store: store, defaultCurrency: currency?.uppercased() ?? fallbackCurrency,
                                   modelCache: store.home.map { ModelCache(folder: $0.appendingPathComponent("models")) },
                                   clock: { fixed ? time : ReferenceTime() })
    }
}

/// Lines of standard input as bytes, so that invalid UTF-8 is reported per line rather than fatal.
enum InputLines {
    enum Line {
        case text(String)
        case invalidUTF8
        /// A line longer than `maximumBytes`; the rest of it was read and dropped.
        case tooLong(bytes: Int)

        /// What is wrong with a line that is not text, in the words every front end uses.
        var problem: String? {
            switch self {
            case .text: return nil
            case .invalidUTF8: return "that line is not valid UTF-8 text; nothing was sent"
            case .tooLong(let bytes):
                return "that line is \(bytes) bytes long; a request can be at most \(RequestUnderstander.maximumLength) characters"
            }
        }
    }

    /// Lines past this are not kept in memory (understanding refuses anything near it anyway).
    static let maximumBytes = 64 * 1024

    static func standardInput() -> AnySequence<Line> {
        AnySequence(AnyIterator {
            guard let line = readBytes() else { return nil }
            if line.total > maximumBytes { return .tooLong(bytes: line.total) }
            var bytes = line.bytes
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            guard let text = String(validating: bytes, as: UTF8.self) else { return .invalidUTF8 }
            return .text(text)
        })
    }

    private static func readBytes() -> (bytes: [UInt8], total: Int)? {
        var bytes: [UInt8] = []
        var total = 0
        while true {
            let character = getchar()
            if character == EOF { return total == 0 ? nil : (bytes, total) }
            if character == 10 { return (bytes, total) }
            total += 1
            if total <= maximumBytes { bytes.append(UInt8(truncatingIfNeeded: character)) }
        }
    }
}

/// How `parse` prints results.
enum ParseOutput {
    static func json(for text: String, understander: RequestUnderstander, language: String?) -> String {
        do {
            let result = try understander.understand(text, language: language)
            return encode(result) ?? error("the result could not be encoded", text: text)
        } catch {
            return self.error(error.message, text: text)
        }
    }

    static func error(_ message: String, text: String?) -> String {
        struct Failure: Encodable {
            let text: String?
            let error: String
        }
        let shown = text.map { $0.count > 200 ? String($0.prefix(200)) + "…" : $0 }
        return encode(Failure(text: shown, error: message)) ?? "{\"error\":\"\(message)\"}"
    }

    static func summary(for text: String, understander: RequestUnderstander, language: String?) throws -> String {
        let result: UnderstoodRequest
        do {
            result = try understander.understand(text, language: language)
        } catch {
            throw CommandFailure(error.message)
        }
        var lines = ["app:        \(result.app ?? "(none)")",
                     "intent:     \(result.intent ?? "(none)")",
                     "confidence: \(String(format: "%.2f", result.confidence))"]
        for name in result.parameters.keys.sorted() {
            lines.append("  \(name): \(encode(result.parameters[name]) ?? "?")")
        }
        for refused in result.refusedValues {
            lines.append("refused:    \(refused.property) \"\(refused.said)\" (\(refused.reason.rawValue))")
        }
        for alternative in result.alternatives {
            lines.append("or:         \(alternative.intent) (\(String(format: "%.2f", alternative.confidence)))")
        }
        return lines.joined(separator: "\n")
    }

    static func encode(_ value: some Encodable) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).flatMap { String(data: $0, encoding: .utf8) }
    }
}

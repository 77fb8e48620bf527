import ArgumentParser
import Foundation
import ParlanceCore
import ParlanceSpeech
import ParlanceStore

/// Opens the store in the home the options name.
enum StoreAccess {
    static func open(_ options: GlobalOptions) throws -> AssistantStore {
        try AssistantStore.open(home: ParlanceHome.resolve(explicit: options.home))
    }
}

/// Renders every error of the CLI in one place: a message on stderr and exit status 1.
enum CommandErrors {
    static func report(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            throw failed(error)
        }
    }

    /// The same for a command that waits (runs programs, talks to services).
    static func report(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            throw failed(error)
        }
    }

    /// Prints the error the CLI's way when it is one of ours, and gives what to throw instead.
    private static func failed(_ error: any Error) -> any Error {
        switch error {
        case let error as BundleValidationError: Terminal.error(error.description)
        case let error as StoreError: Terminal.error("error: \(error.message)")
        case let error as CommandFailure: Terminal.error("error: \(error.message)")
        case let error as SpeechError: Terminal.error("error: \(error.message)")
        default: return error
        }
        return ExitCode(1)
    }
}

/// Writing to stderr, with control characters shown, not obeyed (see `print`).
enum Terminal {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((TurnPrinter.visible(text) + "\n").utf8))
    }
}

/// How `apps list` shows apps.
enum AppListing {
    static func describe(_ permission: AppPermission) -> String {
        switch permission {
        case .notDetermined: "not asked yet"
        case .allowed: "allowed"
        case .denied: "denied"
        }
    }

    static func table(_ apps: [InstalledApp]) -> String {
        let rows = apps.map { app in
            [app.bundle.displayName, app.bundle.identifier,
             app.codeChangedSinceAllowed ? "ask again: its code changed" : describe(app.permission),
             app.bundle.supportedIntents.map { $0.replacingOccurrences(of: "Intent", with: "").dropFirst(2) }
                .joined(separator: ", ")]
        }
        let header = ["NAME", "IDENTIFIER", "PERMISSION", "INTENTS"]
        let widths = (0..<3).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            (0..<3).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
                + "  " + row[3]
        }.joined(separator: "\n")
    }

    /// Each app with its example requests, grouped by intent, in the app's order.
    static func examples(_ apps: [InstalledApp], language: String) -> String {
        apps.map { app in
            let phrases = app.bundle.examples(language: language)
            let name = app.bundle.displayName(language: language)
            guard !phrases.isEmpty else { return "\(name): no example requests in its vocabulary file" }
            return "\(name):\n" + phrases.flatMap { phrase in phrase.examples.map { "  \($0)" } }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    static func json(_ app: InstalledApp) throws -> String {
        struct Listing: Encodable {
            let identifier, name, permission: String
            let intents, restrictedWhileLocked: [String]
            let alternativeNames: [String]
            let path: String
        }
        let listing = Listing(identifier: app.bundle.identifier, name: app.bundle.displayName,
                              permission: app.permission.rawValue, intents: app.bundle.supportedIntents,
                              restrictedWhileLocked: app.bundle.intentsExtension?.restrictedWhileLocked ?? [],
                              alternativeNames: app.bundle.alternativeNames.map(\.name), path: app.bundle.path)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(listing), as: UTF8.self)
    }
}

/// A failure of a command's own input (an unknown type name, an unreadable file).
struct CommandFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// The user's language from the locale environment ("de_DE.UTF-8" → "de-DE"), English by default.
enum UserLanguage {
    static func current(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[key], !value.isEmpty, value != "C", value != "POSIX" else { continue }
            let tag = value.split(separator: ".").first.map(String.init) ?? value
            return tag.replacingOccurrences(of: "_", with: "-")
        }
        return "en"
    }
}

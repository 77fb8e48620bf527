import ArgumentParser
import Foundation
import Intents

/// `parlance vocab …`: the user vocabulary apps give with `INVocabulary`, for scripts and tests.
struct VocabCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vocab", abstract: "Set, list and clear apps' user vocabulary (what INVocabulary sets).",
        subcommands: [Set.self, List.self, Clear.self])

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace one type of an app's vocabulary with the lines of a file (most important first).")
        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("The app's bundle identifier.", valueName: "id")) var app: String
        @Option(help: ArgumentHelp("The vocabulary type: \(VocabularyTypeName.all).", valueName: "type")) var type: String
        @Argument(help: ArgumentHelp("A file with one string per line, or - for standard input.", valueName: "file"))
        var file: String = "-"

        func run() async throws {
            try CommandErrors.report {
                let vocabularyType = try VocabularyTypeName.parse(type)
                let text = try InputText.read(file)
                let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
                let store = try StoreAccess.open(global)
                if try store.app(app) == nil {
                    Terminal.error("warning: no app '\(app)' is installed; its vocabulary is kept for when it is")
                }
                // Updates apps made earlier come first, so they cannot land on top of this later one.
                try store.ingestVocabularyInbox()
                let kept = try store.replaceVocabulary(lines, type: vocabularyType, app: app)
                print("\(app): \(kept.count) \(vocabularyType.caseName) string\(kept.count == 1 ? "" : "s") set.")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List user vocabulary, most important first.")
        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("Only this app.", valueName: "id")) var app: String?
        @Option(help: ArgumentHelp("Only this type.", valueName: "type")) var type: String?

        func run() async throws {
            try CommandErrors.report {
                let vocabularyType = try type.map(VocabularyTypeName.parse)
                let entries = try StoreAccess.open(global).vocabulary(app: app, type: vocabularyType)
                for entry in entries {
                    print("\(entry.appIdentifier)\t\(entry.type.caseName)\t\(entry.position + 1)\t\(entry.phrase)")
                }
            }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove every string of every type an app gave.")
        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("The app's bundle identifier.", valueName: "id")) var app: String

        func run() async throws {
            try CommandErrors.report {
                let store = try StoreAccess.open(global)
                try store.ingestVocabularyInbox()  // an app's earlier update must not come back after the clear
                try store.removeAllVocabulary(app: app)
                print("\(app): vocabulary cleared.")
            }
        }
    }
}

/// Vocabulary type names as users type them ("contactName").
enum VocabularyTypeName {
    static var all: String { INVocabularyStringType.allCases.map(\.caseName).joined(separator: ", ") }

    static func parse(_ name: String) throws -> INVocabularyStringType {
        if let type = INVocabularyStringType.allCases.first(where: { $0.caseName == name }) { return type }
        let names = INVocabularyStringType.allCases.map(\.caseName)
        let lowered = names.first { $0.lowercased() == name.lowercased() }
        throw CommandFailure("'\(name)' is not a vocabulary type" + (lowered.map { "; did you mean '\($0)'?" }
            ?? "; the types are: \(all)"))
    }
}

/// Reads a UTF-8 text file, or standard input for "-"; a leading byte-order mark is dropped.
enum InputText {
    static func read(_ path: String) throws -> String {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw CommandFailure("cannot read \(path)")
            }
            data = contents
        }
        // Not decoded leniently: a name with a replacement character in it would be a name nobody says.
        guard var text = String(data: data, encoding: .utf8) else {
            throw CommandFailure("\(path == "-" ? "standard input" : path) is not UTF-8 text")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text
    }
}

import ExtensionRuntime
import Foundation
import Intents
import IntentsUI

/// The shape of every sample app's program: `NAME intents` runs its Intents extension (what the
/// bundle's `.appex` starts); any other command is the app's own main program, which keeps its
/// data and tells the assistant the user's vocabulary with `INVocabulary`.
public enum AppMain {
    /// One command of the app's main program.
    public struct Command {
        public let name: String
        public let usage: String
        public let run: ([String]) throws -> Void
        public init(_ name: String, _ usage: String, _ run: @escaping ([String]) throws -> Void) {
            self.name = name
            self.usage = usage
            self.run = run
        }
    }

    @MainActor
    public static func run(appName: String, appIdentifier: String, extension makeExtension: () -> INExtension,
                           viewController makeViewController: (() -> any INUIHostedViewControlling)? = nil,
                           commands: [Command]) async -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "intents" {
            await ExtensionMain.run(makeExtension())
        }
        if arguments.first == "ui", let makeViewController {
            await ExtensionMain.run(viewController: makeViewController())
        }
        // The main program is not launched from its bundle, so it names its app for INVocabulary.
        setenv("PARLANCE_APP_IDENTIFIER", appIdentifier, 1)
        let program = (CommandLine.arguments.first as NSString?)?.lastPathComponent ?? appName.lowercased()
        if arguments.first == "permission" {
            // What the app learns about the user's permission, as an iOS app does with INPreferences.
            print("\(appName) permission: \(INPreferences.siriAuthorizationStatus().caseName)")
            exit(0)
        }
        if arguments.first == "open", !commands.contains(where: { $0.name == "open" }) {
            // Opened by the assistant to continue a request: this sample app just shows what it got.
            print("\(appName) opened for \(handedOverActivity()?["activityType"] as? String ?? "nothing in particular")")
            exit(0)
        }
        guard let name = arguments.first, let command = commands.first(where: { $0.name == name }) else {
            var usage = "\(appName), a Parlance sample app.\n\nUsage:\n  \(program) intents    run the Intents extension\n"
                + "  \(program) permission whether the user allowed it to work with the assistant\n"
            for command in commands { usage += "  \(program) \(command.usage)\n" }
            let known = arguments.first.map { $0 == "help" || $0 == "--help" } ?? true
            FileHandle.standardError.write(Data(((known ? "" : "unknown command '\(arguments[0])'\n\n") + usage).utf8))
            exit(known ? 0 : 64)
        }
        do {
            try command.run(Array(arguments.dropFirst()))
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("\(program): \(error)\n".utf8))
            exit(1)
        }
    }

    /// Reads the user activity the assistant hands over when it opens the app (`PARLANCE_USER_ACTIVITY`).
    public static func handedOverActivity() -> [String: Any]? {
        guard let text = ProcessInfo.processInfo.environment["PARLANCE_USER_ACTIVITY"],
              let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return nil }
        return object
    }
}

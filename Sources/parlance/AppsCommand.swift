import ArgumentParser
import Foundation
import Intents
import ParlanceCore
import ParlanceUnderstanding

/// `parlance apps …`: install, list, remove, allow, deny, prefer, unprefer, ask-to-open, log.
struct AppsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apps", abstract: "Install and manage the apps the assistant serves.",
        subcommands: [Install.self, List.self, Remove.self, Allow.self, Deny.self, Prefer.self, Unprefer.self, AskToOpen.self,
                      Log.self])

    struct Install: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Install an app bundle folder, or update it if it is installed.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The app's bundle folder (MonkeyChat.app).", valueName: "path"))
        var path: String
        @Flag(help: ArgumentHelp("Accept an extension or launch program that lies outside the bundle (after symlinks); "
                                 + "the permission question names it."))
        var allowOutsideCode = false

        func run() async throws {
            try CommandErrors.report {
                let loaded = try BundleLoader.load(path, allowingOutsideCode: allowOutsideCode)
                for warning in loaded.warnings { Terminal.error(warning.description) }
                // Style only: understanding every language's examples trains a model per language (parlance lint does).
                for check in ExamplePhraseChecker(app: loaded.app).check(understanding: false) {
                    for problem in check.bundleProblems(severity: .warning) { Terminal.error(problem.description) }
                }
                let store = try StoreAccess.open(global)
                let outcome = try store.install(loaded.app)
                let app = loaded.app
                let permission = try store.app(app.identifier)?.permission ?? .notDetermined
                print("\(outcome == .installed ? "Installed" : "Updated") \(app.displayName) (\(app.identifier))")
                if case .updatedAskingAgain(let reason) = outcome {
                    print("  The permission you gave was reset, because \(reason); the next request asks you again.")
                }
                print("  intents: \(app.supportedIntents.joined(separator: ", "))")
                print("  permission: \(AppListing.describe(permission))")
                if permission == .notDetermined {
                    print("  The first request to \(app.displayName) asks you; or run: parlance apps allow \(app.identifier)")
                }
                for shared in SharedAppName.among(try store.apps().map(\.bundle)) where shared.identifiers.contains(app.identifier) {
                    Terminal.error(shared.warning)
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List installed apps with their intents and permission.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "One JSON object per app.") var json = false
        @Flag(help: "Also list each app's example requests.") var examples = false
        @Option(help: ArgumentHelp("The language of the examples (default: the user's locale).", valueName: "tag"))
        var language: String?

        func run() async throws {
            try CommandErrors.report {
                let apps = try StoreAccess.open(global).apps()
                for shared in SharedAppName.among(apps.map(\.bundle)) { Terminal.error(shared.warning) }
                if examples {
                    print(AppListing.examples(apps, language: language ?? UserLanguage.current()))
                } else if json {
                    for app in apps { print(try AppListing.json(app)) }
                } else if apps.isEmpty {
                    print("No apps installed. Install one with: parlance apps install PATH")
                } else {
                    print(AppListing.table(apps))
                    let preferred = try StoreAccess.open(global).preferredApps()
                    for (domain, identifier) in preferred.sorted(by: { $0.key < $1.key }) {
                        let name = apps.first { $0.bundle.identifier == identifier }?.bundle.displayName ?? identifier
                        print("\(domain) requests that name no app go to \(name).")
                    }
                    let opened = try StoreAccess.open(global).appsOpenedWithoutAsking()
                    if let line = AppsCommand.openedWithoutAsking(opened, apps: apps) { print(line) }
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove an app, with its permission and vocabulary.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "id")) var identifier: String

        func run() async throws {
            try CommandErrors.report {
                let store = try StoreAccess.open(global)
                let name = try store.app(identifier)?.bundle.displayName ?? identifier
                try store.remove(identifier)
                print("Removed \(name) (\(identifier)) with its permission and vocabulary.")
            }
        }
    }

    struct Allow: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Allow an app to work with the assistant.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "id")) var identifier: String

        func run() async throws {
            try CommandErrors.report { try PermissionChange.apply(.allowed, to: identifier, global) }
        }
    }

    struct Deny: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Deny an app: the assistant never calls its extension.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "id")) var identifier: String

        func run() async throws {
            try CommandErrors.report { try PermissionChange.apply(.denied, to: identifier, global) }
        }
    }
}

extension AppsCommand {
    /// The domains whose unnamed requests can go to a preferred app.
    static let domains = ["messaging", "calls", "payments", "rides", "workouts", "photos"]

    struct Prefer: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send a domain's requests that name no app to this app.",
            discussion: "Without a preferred app, a request that names no app is asked about (“Use MonkeyRide for that?”). "
                + "Domains: \(AppsCommand.domains.joined(separator: ", ")).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "id")) var identifier: String
        @Option(help: ArgumentHelp("The domain (\(AppsCommand.domains.joined(separator: ", "))).", valueName: "domain"))
        var domain: String

        func validate() throws {
            guard AppsCommand.domains.contains(domain) else {
                throw ValidationError("'\(domain)' is not a domain; use one of \(AppsCommand.domains.joined(separator: ", "))")
            }
        }

        func run() async throws {
            try CommandErrors.report {
                let store = try StoreAccess.open(global)
                guard let app = try store.app(identifier) else {
                    try store.setPreferredApp(identifier, domain: domain)  // reports "not installed" with suggestions
                    return
                }
                let serves = app.bundle.supportedIntents.contains { IntentCatalog.intent(named: $0)?.domain.rawValue == domain }
                guard serves else {
                    throw CommandFailure("\(app.bundle.displayName) has no \(domain) intents")
                }
                try store.setPreferredApp(identifier, domain: domain)
                print("\(domain) requests that name no app now go to \(app.bundle.displayName); the answer names it.")
            }
        }
    }

    struct Unprefer: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Ask again which app a domain's requests that name no app go to.")
        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("The domain.", valueName: "domain")) var domain: String

        func validate() throws {
            guard AppsCommand.domains.contains(domain) else {
                throw ValidationError("'\(domain)' is not a domain; use one of \(AppsCommand.domains.joined(separator: ", "))")
            }
        }

        func run() async throws {
            try CommandErrors.report {
                try StoreAccess.open(global).setPreferredApp(nil, domain: domain)
                print("\(domain) requests that name no app will ask which app to use.")
            }
        }
    }
}

/// Shared by `allow` and `deny`.
enum PermissionChange {
    static func apply(_ permission: AppPermission, to identifier: String, _ global: GlobalOptions) throws {
        let store = try StoreAccess.open(global)
        try store.setPermission(permission, for: identifier)
        let name = try store.app(identifier)?.bundle.displayName ?? identifier
        print("\(name) (\(identifier)) is now \(AppListing.describe(permission)).")
    }
}

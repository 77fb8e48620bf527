import ArgumentParser
import Foundation
import ParlanceCore
import ParlanceStore

/// `parlance users`: the people one home serves (docs/server.md › Users). Each user has their own permissions,
/// vocabulary, preferences and conversations; the apps are the home's. `owner` is the home's own user.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "Add, list and remove the people this home serves, and their devices' tokens.",
        discussion: "Each user has their own permissions, vocabulary, preferences and conversations; installed apps "
            + "are shared. 'owner' is the home's own user (the CLI and the server's own token act as it). A device "
            + "token lets a client of parlance serve or parlance wyoming act as its user; it is shown once and kept "
            + "only as its SHA-256.",
        subcommands: [Add.self, List.self, Remove.self, Token.self, Revoke.self])

    /// `parlance users add NAME`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a user, who starts with nothing of anyone else's.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var storeChoice: StoreOptions
        @Argument(help: "The user's name: lower-case letters, digits, '-' or '_', starting with a letter.") var name: String

        func run() async throws {
            try CommandErrors.report {
                try storeChoice.open(global).addUser(name)
                print("added \(name); give a device a token with: parlance users token \(name) --device LABEL")
            }
        }
    }

    /// `parlance users list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the users and their devices with a token.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var storeChoice: StoreOptions

        func run() async throws {
            try CommandErrors.report {
                let store = try storeChoice.open(global)
                let devices = try store.devices(of: nil)
                for user in try store.users() {
                    let labels = devices.filter { $0.user == user }.map(\.device)
                    print(labels.isEmpty ? user : "\(user)\t\(labels.joined(separator: ", "))")
                }
            }
        }
    }

    /// `parlance users remove NAME`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a user with their tokens, permissions, vocabulary, preferences and conversations.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var storeChoice: StoreOptions
        @Argument(help: "The user's name.") var name: String

        func run() async throws {
            try CommandErrors.report {
                try storeChoice.open(global).removeUser(name)
                print("removed \(name)")
            }
        }
    }

    /// `parlance users token NAME [--device LABEL]`.
    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a token for one of a user's devices and print it (once); it replaces that device's old one.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var storeChoice: StoreOptions
        @Argument(help: "The user's name.") var name: String
        @Option(help: ArgumentHelp("The device's label.", valueName: "label")) var device = "default"

        func run() async throws {
            try CommandErrors.report {
                let token = try storeChoice.open(global).issueToken(for: name, device: device)
                Terminal.error("note: the token of \(name)'s \(device) is shown only now; clients send it as "
                               + "Authorization: Bearer TOKEN")
                print(token)
            }
        }
    }

    /// `parlance users revoke NAME --device LABEL`.
    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a device's token: its requests are refused from now on.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var storeChoice: StoreOptions
        @Argument(help: "The user's name.") var name: String
        @Option(help: ArgumentHelp("The device's label.", valueName: "label")) var device: String

        func run() async throws {
            try CommandErrors.report {
                try storeChoice.open(global).revokeToken(for: name, device: device)
                print("revoked \(name)'s \(device)")
            }
        }
    }
}

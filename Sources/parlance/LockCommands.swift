import ArgumentParser
import Foundation

/// `parlance lock`: lock the assistant's session, so payments, rides and the intents apps restrict
/// wait for `parlance unlock`.
struct LockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock", abstract: "Lock the session: restricted requests (payments, rides…) wait for unlocking.")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Only print whether the session is locked.") var status = false

    func run() async throws {
        try CommandErrors.report {
            let store = try StoreAccess.open(global)
            if !status { try store.setSessionLocked(true) }
            print(try store.isSessionLocked() ? "locked" : "unlocked")
        }
    }
}

/// `parlance unlock`: unlock the session; a conversation waiting for it continues at the user's next word.
struct UnlockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock", abstract: "Unlock the session; a waiting request continues when you say “continue”.")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try CommandErrors.report {
            let store = try StoreAccess.open(global)
            try store.setSessionLocked(false)
            print("unlocked")
        }
    }
}

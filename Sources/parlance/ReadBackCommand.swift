import ArgumentParser
import Foundation

/// `parlance read-back`: when a message is read back for a yes before it is sent.
struct ReadBackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read-back",
        abstract: "Choose when a message is read back for your yes before it is sent.",
        discussion: """
            always: every message. unsure (the default): when its words or people came from an answer, or the \
            request was not clearly understood. never: a complete message is sent at once. Without a choice, \
            prints the current one.
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "always, unsure or never.") var choice: Choice?

    enum Choice: String, ExpressibleByArgument, CaseIterable {
        case always, unsure, never

        var stored: String {
            switch self {
            case .always: "always"
            case .unsure: "whenUnsure"
            case .never: "never"
            }
        }
    }

    func run() async throws {
        try CommandErrors.report {
            let store = try StoreAccess.open(global)
            if let choice { try store.setMessageReadBack(choice.stored) }
            let current = try store.messageReadBack()
            print(Choice.allCases.first { $0.stored == current }?.rawValue ?? "unsure")
        }
    }
}

/// A value the code gives a message: words, a number (for plurals), or a list (for the list formatter).
enum ReplyArgument: Sendable, Equatable {
    case text(String)
    case number(Int)
    case list([String])

    /// The value as words, a list joined plainly (the list formatter joins it in the language's way).
    var plainText: String {
        switch self {
        case .text(let text): text
        case .number(let number): String(number)
        case .list(let items): items.joined(separator: ", ")
        }
    }
}

/// The arguments a message is rendered with, by name; a missing one is `none` to a select.
typealias ReplyArguments = [String: ReplyArgument]

extension Optional where Wrapped == String {
    /// The words as an argument, or none.
    var reply: ReplyArgument? { map(ReplyArgument.text) }
}

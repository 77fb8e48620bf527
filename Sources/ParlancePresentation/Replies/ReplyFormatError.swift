/// A replies file that can't be read: what is wrong and where (the file's language, the line, the key).
public struct ReplyFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The language code of the file ("en").
    public var language: String
    /// The line, counted from 1.
    public var line: Int
    /// The message's key, when the fault is in a message.
    public var key: String?
    /// What is wrong, in words.
    public var reason: String

    /// The fault as one line: language, line, key and reason.
    public var description: String {
        "replies \(language), line \(line)\(key.map { " (\($0))" } ?? ""): \(reason)"
    }
}

import Foundation

/// One language's replies, read from its data file (docs/phrasebooks.md, "The assistant's replies"):
/// messages by key, rendered with the arguments the code passes. The six bundled languages are in the
/// module's `Replies` resources; `init(directory:code:)` reads a language from any folder.
public struct ReplyCatalog: Sendable {
    /// The language code ("en").
    public let code: String
    /// The messages by key; terms (private to the file) are keys that start with "-".
    let messages: [String: ReplyMessage]
    /// Where each key was defined, for the checker's messages.
    let lines: [String: Int]

    /// Reads a replies file's text.
    public init(code: String, text: String) throws(ReplyFormatError) {
        self.code = code
        var messages: [String: ReplyMessage] = [:]
        var lines: [String: Int] = [:]
        for entry in try ReplyFileReader.entries(of: text, language: code) {
            guard messages[entry.key] == nil else {
                throw ReplyFormatError(language: code, line: entry.line, key: entry.key, reason: "the key is defined twice")
            }
            do {
                messages[entry.key] = try ReplyMessageParser.parse(entry.text)
            } catch {
                throw ReplyFormatError(language: code, line: entry.line, key: entry.key, reason: error.reason)
            }
            lines[entry.key] = entry.line
        }
        self.messages = messages
        self.lines = lines
    }

    /// A catalog without messages (every reply is its key): what is left when the bundle lost its files.
    init(emptyFor code: String) {
        self.code = code
        self.messages = [:]
        self.lines = [:]
    }

    /// Reads the language `code` from `directory/<code>.txt`.
    public init(directory: URL, code: String) throws {
        let file = directory.appendingPathComponent("\(code).txt")
        try self.init(code: code, text: String(contentsOf: file, encoding: .utf8))
    }

    /// The public keys (not terms), sorted.
    public var keys: [String] { messages.keys.filter { !$0.hasPrefix("-") }.sorted() }

    /// Whether the file has the message.
    func has(_ key: String) -> Bool { messages[key] != nil }

    /// The message rendered with `arguments`; the key itself when the file lacks it (the checker makes sure
    /// no bundled language does).
    func text(_ key: String, _ arguments: ReplyArguments = [:]) -> String {
        guard let message = messages[key] else { return key }
        var renderer = ReplyRenderer(catalog: self, arguments: arguments)
        return renderer.render(message.parts)
    }

    /// `text(_:_:)` with arguments that may be missing.
    func text(_ key: String, _ arguments: [String: ReplyArgument?]) -> String {
        text(key, arguments.compactMapValues { $0 })
    }

    /// The message rendered, or nil when the file lacks it.
    func optionalText(_ key: String, _ arguments: ReplyArguments = [:]) -> String? {
        has(key) ? text(key, arguments) : nil
    }
}

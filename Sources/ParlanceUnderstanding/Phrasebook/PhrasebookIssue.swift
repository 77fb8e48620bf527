/// A mistake in a language's data files, with where it is: `file:line:column: message`.
public struct PhrasebookIssue: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or, for something missing from a whole language, its folder).
    public let file: String
    /// The line, from 1; 0 when the issue is about the whole file or folder.
    public let line: Int
    /// The column in characters, from 1.
    public let column: Int
    /// What is wrong, and what to write instead where that is clear.
    public let message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    init(_ location: PhrasebookLocation, _ message: String, offset: Int = 0) {
        self.init(file: location.file, line: location.line, column: location.column + offset, message: message)
    }

    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}

/// Where a piece of a phrasebook file starts.
struct PhrasebookLocation: Sendable, Hashable {
    var file: String
    var line: Int
    var column: Int
}

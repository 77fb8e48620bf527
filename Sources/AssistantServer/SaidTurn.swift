/// What the user said, as the server keeps it so a page shows the whole conversation again: the words, the
/// assistant turn they came after (`after`, a `seq`; 0 before the first) and the question they answered, if named.
public struct SaidTurn: Encodable, Sendable, Equatable {
    public let text: String
    public let after: Int
    public let answering: Int?

    public init(text: String, after: Int, answering: Int?) {
        self.text = text
        self.after = after
        self.answering = answering
    }
}

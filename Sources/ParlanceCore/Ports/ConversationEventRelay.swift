/// The turns of conversations that several servers share (one store, any server may answer any turn): each
/// turn is numbered and kept where every server reads it, and the servers hear at once which conversation
/// has a new turn, so a device listening on one server hears the turns another server answered.
public protocol ConversationEventRelay: Sendable {
    /// Keeps one turn (`turn`, the encoded turn; `questionNumber` for a question) of a user's conversation and
    /// tells the other servers; returns its number in the conversation, one more than the last kept, and the kept
    /// turns numbered after `known` and before it (those other servers kept since this one last read), oldest first.
    func append(user: String, conversation: String, turn: [UInt8], questionNumber: Int?,
                after known: Int) throws(StoreError) -> (sequence: Int, missed: [RelayedTurn])

    /// The kept turns of a user's conversation numbered after `sequence`, oldest first.
    func turns(user: String, conversation: String, after sequence: Int) throws(StoreError) -> [RelayedTurn]

    /// Forgets a user's conversation's turns (it ended) and tells the other servers.
    func forget(user: String, conversation: String) throws(StoreError)

    /// Calls `onChange` for each turn another server keeps, as it does, until the task is cancelled (it listens
    /// again after a lost connection).
    func listen(_ onChange: @escaping @Sendable (RelayedChange) async -> Void) async
}

/// One kept turn of a shared conversation.
public struct RelayedTurn: Sendable, Equatable {
    public let sequence: Int
    public let turn: [UInt8]
    public let questionNumber: Int?

    public init(sequence: Int, turn: [UInt8], questionNumber: Int?) {
        self.sequence = sequence
        self.turn = turn
        self.questionNumber = questionNumber
    }
}

/// Another server kept turn `sequence` of a user's conversation, or ended it (`ended`, with sequence 0).
public struct RelayedChange: Sendable, Equatable {
    public let user: String
    public let conversation: String
    public let sequence: Int
    public let ended: Bool

    public init(user: String, conversation: String, sequence: Int, ended: Bool = false) {
        self.user = user
        self.conversation = conversation
        self.sequence = sequence
        self.ended = ended
    }
}

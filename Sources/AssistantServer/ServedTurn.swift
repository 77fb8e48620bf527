import ParlancePresentation

/// A turn as the API sends it: the object `parlance chat --json` prints, plus its number in the
/// conversation (`seq`, from 1), so a device that hears a turn twice (HTTP answer and WebSocket) shows it once,
/// and, for a question, the question's number (`questionNumber`), which an answer names (`answering`).
public struct ServedTurn: Encodable, Sendable, Equatable {
    public let sequence: Int
    public let turn: AssistantTurn
    /// The question's number in the conversation, for a question turn.
    public let questionNumber: Int?

    public init(sequence: Int, turn: AssistantTurn, questionNumber: Int? = nil) {
        self.sequence = sequence
        self.turn = turn
        self.questionNumber = questionNumber
    }

    private enum CodingKeys: String, CodingKey {
        case sequence = "seq"
        case questionNumber
    }

    public func encode(to encoder: any Encoder) throws {
        try turn.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
        try container.encodeIfPresent(questionNumber, forKey: .questionNumber)
    }
}

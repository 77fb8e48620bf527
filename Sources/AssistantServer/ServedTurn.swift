import ParlancePresentation

/// A turn as the API sends it: the object `parlance chat --json` prints, plus its number in the
/// conversation (`seq`, from 1), so a device that hears a turn twice (HTTP answer and WebSocket) shows it once.
public struct ServedTurn: Encodable, Sendable, Equatable {
    public let sequence: Int
    public let turn: AssistantTurn

    public init(sequence: Int, turn: AssistantTurn) {
        self.sequence = sequence
        self.turn = turn
    }

    private enum CodingKeys: String, CodingKey { case sequence = "seq" }

    public func encode(to encoder: any Encoder) throws {
        try turn.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
    }
}

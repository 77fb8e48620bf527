/// Something said at a question that is about the conversation itself, not an answer to it.
public enum AssistantRequest: String, Sendable, Codable, Equatable {
    /// "what can you do?", "help": what the assistant can do, then the question again.
    case help
    /// "repeat that", "what was that?": the question again.
    case repeatQuestion
}

import ParlanceUnderstanding

/// What words given as a value may mean instead: a request of their own, or a question for the assistant.
public enum OtherMeaning: Codable, Sendable, Equatable {
    case request(UnderstoodRequest)
    case assistant(AssistantRequest)

    /// Whether the words may be a question for the assistant.
    var isAssistant: Bool {
        if case .assistant = self { return true }
        return false
    }

    /// The other meaning of an ambiguous answer; nil for an answer that is neither.
    init?(_ answer: Answer) {
        switch answer {
        case .newRequest(let request): self = .request(request)
        case .assistant(let request): self = .assistant(request)
        default: return nil
        }
    }
}

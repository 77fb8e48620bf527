import ParlancePresentation
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

    /// What the other request would do, in words of `language`, to name it in the question; nil for a question
    /// for the assistant.
    func summary(language: String) -> RequestSummary? {
        guard case .request(let request) = self, let intent = request.intent else { return nil }
        return RequestSummary(intent: intent, parameters: request.parameters, properties: [:], language: language)
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

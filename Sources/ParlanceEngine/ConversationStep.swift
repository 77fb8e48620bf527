import Foundation
import ParlanceCore
import ParlanceHosting
import ParlancePresentation
import ParlanceUnderstanding

/// What the engine does next, as decided by `ConversationMachine`.
public enum ConversationStep: Sendable, Equatable {
    /// Ask the user; `repeated` when the same question is asked again after an unclear answer.
    case ask(PendingQuestion, repeated: Bool)
    /// Ask the extension to resolve one parameter.
    case resolve(parameter: String)
    /// Ask the extension to confirm the intent.
    case confirm
    /// Ask the extension to handle the intent (journal first).
    case handle
    /// The conversation ends.
    case finish(ConversationEnding)
}

extension ConversationPresenter {
    /// The notice for an answer that names a question no longer asked: it was not used (step "staleAnswer").
    public func staleAnswer() -> AssistantTurn {
        notice(phrases.staleAnswer(), step: "staleAnswer")
    }

    /// The notice for an answer that names a question already answered, before what came of it is shown again
    /// (step "staleAnswer": the answer was not used).
    public func alreadyAnswered() -> AssistantTurn {
        notice(phrases.alreadyAnswered(), step: "staleAnswer")
    }
}

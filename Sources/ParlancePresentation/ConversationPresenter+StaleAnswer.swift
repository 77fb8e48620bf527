extension ConversationPresenter {
    /// The notice for an answer that names a question no longer asked: it was not used (step "staleAnswer").
    public func staleAnswer() -> AssistantTurn {
        notice(phrases.staleAnswer(), step: "staleAnswer")
    }
}

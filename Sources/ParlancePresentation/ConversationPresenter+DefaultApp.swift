extension ConversationPresenter {
    /// The app is now the domain's default, after the user's yes to the offer (step "defaultSet").
    public func defaultChosen(app: String, domain: String) -> AssistantTurn {
        notice(DefaultAppPhrases(code: phrases.code).chosen(app: app, domain: domain), step: "defaultSet", app: app)
    }
}

extension ConversationPhrases {
    /// The heading of the card that asks which app should do a request: no app is chosen yet, so the card
    /// is titled after the question rather than after an app.
    func chooseAppTitle() -> String {
        switch code {
        case "fr": "Choisir une appli"
        case "de": "App auswählen"
        case "it": "Scegli un'app"
        case "ja": "アプリを選択"
        case "zh": "选择应用"
        default: "Choose an app"
        }
    }

}

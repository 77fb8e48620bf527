extension ConversationPhrases {
    /// Said when a client's answer names a question that is no longer the one asked (an old button, a
    /// reply typed before a newer question came): the answer is not used, and nothing was done.
    func staleAnswer() -> String {
        switch code {
        case "fr": "Cette réponse était pour une question précédente, donc je ne l'ai pas utilisée. Rien n'a été fait."
        case "de": "Diese Antwort war für eine frühere Frage, deshalb habe ich sie nicht verwendet. Es wurde nichts gemacht."
        case "it": "Quella risposta era per una domanda precedente, quindi non l'ho usata. Non è stato fatto nulla."
        case "ja": "その答えは前の質問へのものなので、使いませんでした。何も行っていません。"
        case "zh": "这个回答是针对之前的问题的，所以我没有使用。什么都没做。"
        default: "That answer was for an earlier question, so I didn't use it. Nothing was done."
        }
    }
}

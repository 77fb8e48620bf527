extension ConversationPhrases {
    /// Said before the permission question of an app the user allowed whose code changed since (its
    /// extension was edited in place): the decision was for other code, so it is asked for again.
    func appChanged(app: String) -> String {
        switch code {
        case "fr": "\(app) a changé depuis que vous l'avez autorisé : son code n'est plus le même."
        case "de": "\(app) hat sich geändert, seit Sie es erlaubt haben: Sein Code ist nicht mehr derselbe."
        case "it": "\(app) è cambiata da quando l'hai autorizzata: il suo codice non è più lo stesso."
        case "ja": "\(app) は許可した後に変更されました（コードが同じではありません）。"
        case "zh": "\(app) 在你允许之后已更改：它的代码已不同。"
        default: "\(app) has changed since you allowed it: its code is not the same any more."
        }
    }
}

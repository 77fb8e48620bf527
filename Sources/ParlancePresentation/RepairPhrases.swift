/// The words of conversation repair, in the six languages: asking whether words given for a message were
/// meant as the message or as something else, and telling that an earlier request was dropped.
struct RepairPhrases: Sendable {
    /// The language ("en"); any other than the six speaks English.
    let code: String

    /// "Is “call Bobo on MonkeyCall” your message to Kiki, or should I call Bobo?": `recipients` are whom the
    /// message is for (in words), `alternative` what the other request would do (`alternative(_:)`), else it
    /// is "a new request"; with `assistant`, the words may be a question for the assistant instead.
    func valueOrRequest(_ text: String, note: Bool, to recipients: String? = nil, alternative: String? = nil,
                        assistant: Bool) -> String {
        let quoted = quote(text)
        let other = assistant ? nil : alternative.map(orShouldI)
        switch code {
        case "de":
            let value = note ? "die Notiz" : recipients.map { "deine Nachricht an \($0)" } ?? "deine Nachricht"
            if let other { return "Soll \(quoted) \(value) sein, \(other)" }
            return assistant ? "Soll \(quoted) \(value) sein, oder ist es eine Frage an mich?"
                : "Soll \(quoted) \(value) sein, oder ist es eine neue Anfrage?"
        case "fr":
            let value = note ? "la note" : recipients.map { "ton message pour \($0)" } ?? "ton message"
            if let other { return "\(quoted), c’est \(value), \(other)" }
            return assistant ? "\(quoted), c’est \(value), ou une question pour moi ?"
                : "\(quoted), c’est \(value), ou une nouvelle demande ?"
        case "it":
            let value = note ? "la nota" : recipients.map { "il tuo messaggio per \($0)" } ?? "il tuo messaggio"
            if let other { return "\(quoted) è \(value), \(other)" }
            return assistant ? "\(quoted) è \(value), o una domanda per me?"
                : "\(quoted) è \(value), o una nuova richiesta?"
        case "ja":
            let value = note ? "メモ" : recipients.map { "\($0)へのメッセージ" } ?? "メッセージ"
            if let other { return "\(quoted)は\(value)の内容ですか、\(other)" }
            return assistant ? "\(quoted)は\(value)の内容ですか、それとも私への質問ですか？"
                : "\(quoted)は\(value)の内容ですか、それとも新しい依頼ですか？"
        case "zh":
            let value = note ? "备注" : recipients.map { "发给\($0)的消息" } ?? "消息"
            if let other { return "\(quoted)是\(value)内容，\(other)" }
            return assistant ? "\(quoted)是\(value)内容，还是问我的问题？" : "\(quoted)是\(value)内容，还是一个新的请求？"
        default:
            let value = note ? "the note" : recipients.map { "your message to \($0)" } ?? "your message"
            if let other { return "Is \(quoted) \(value), \(other)" }
            return assistant ? "Is \(quoted) \(value), or a question for me?" : "Is \(quoted) \(value), or a new request?"
        }
    }

    /// The two answers to `valueOrRequest`, in its order: the value, then the other meaning (named when
    /// `alternative` names it: "Call Bobo").
    func valueOrRequestOptions(note: Bool, alternative: String? = nil, assistant: Bool) -> [String] {
        let generic: [String]
        switch code {
        case "de": generic = [note ? "Die Notiz" : "Die Nachricht", assistant ? "Eine Frage" : "Eine neue Anfrage"]
        case "fr": generic = [note ? "La note" : "Le message", assistant ? "Une question" : "Une nouvelle demande"]
        case "it": generic = [note ? "La nota" : "Il messaggio", assistant ? "Una domanda" : "Una nuova richiesta"]
        case "ja": generic = [note ? "メモ" : "メッセージ", assistant ? "質問" : "新しい依頼"]
        case "zh": generic = [note ? "备注" : "消息", assistant ? "问题" : "新请求"]
        default: generic = [note ? "The note" : "The message", assistant ? "A question" : "A new request"]
        }
        guard !assistant, let alternative else { return generic }
        return [generic[0], alternativeOption(alternative)]
    }

    /// An earlier request set aside was dropped for a newer one.
    func setAside() -> String {
        switch code {
        case "de": return "Deine frühere Anfrage habe ich verworfen."
        case "fr": return "J’ai abandonné ta demande précédente."
        case "it": return "Ho lasciato perdere la tua richiesta precedente."
        case "ja": return "前の依頼は取りやめました。"
        case "zh": return "我已放弃你之前的请求。"
        default: return "I've dropped your earlier request."
        }
    }

    private func quote(_ text: String) -> String {
        switch code {
        case "de": return "„\(text)“"
        case "fr": return "« \(text) »"
        case "it": return "«\(text)»"
        case "ja", "zh": return "「\(text)」"
        default: return "“\(text)”"
        }
    }
}

extension RepairPhrases {
    /// Said when the user skipped a value the request can go without.
    func skipped() -> String {
        switch code {
        case "de": return "Gut, dann ohne."
        case "fr": return "D’accord, on s’en passe."
        case "it": return "Va bene, ne faccio a meno."
        case "ja": return "わかりました。なしで進めます。"
        case "zh": return "好的，那就不加了。"
        default: return "OK, I'll go on without it."
        }
    }

    /// Said before asking again for a value the user tried to skip but the app needs.
    func needed() -> String {
        switch code {
        case "de": return "Das brauche ich, um weiterzumachen."
        case "fr": return "J’en ai besoin pour continuer."
        case "it": return "Mi serve per andare avanti."
        case "ja": return "これは必要です。"
        case "zh": return "这一项是必需的。"
        default: return "I need this one to go on."
        }
    }
}

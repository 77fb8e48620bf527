/// The words of conversation repair, in the six languages: asking whether words given for a message were
/// meant as the message or as something else, and telling that an earlier request was dropped.
struct RepairPhrases: Sendable {
    /// The language ("en"); any other than the six speaks English.
    let code: String

    /// "Should “call Bobo” be your message to Kiki, or is it a new request?"
    func valueOrRequest(_ text: String, note: Bool, assistant: Bool) -> String {
        let quoted = quote(text)
        switch code {
        case "de":
            let value = note ? "die Notiz" : "deine Nachricht"
            return assistant ? "Soll \(quoted) \(value) sein, oder ist es eine Frage an mich?"
                : "Soll \(quoted) \(value) sein, oder ist es eine neue Anfrage?"
        case "fr":
            let value = note ? "la note" : "ton message"
            return assistant ? "\(quoted), c’est \(value), ou une question pour moi ?"
                : "\(quoted), c’est \(value), ou une nouvelle demande ?"
        case "it":
            let value = note ? "la nota" : "il tuo messaggio"
            return assistant ? "\(quoted) è \(value), o una domanda per me?"
                : "\(quoted) è \(value), o una nuova richiesta?"
        case "ja":
            let value = note ? "メモ" : "メッセージ"
            return assistant ? "\(quoted)は\(value)の内容ですか、それとも私への質問ですか？"
                : "\(quoted)は\(value)の内容ですか、それとも新しい依頼ですか？"
        case "zh":
            let value = note ? "备注" : "消息"
            return assistant ? "\(quoted)是\(value)内容，还是问我的问题？" : "\(quoted)是\(value)内容，还是一个新的请求？"
        default:
            let value = note ? "the note" : "your message"
            return assistant ? "Is \(quoted) \(value), or a question for me?" : "Is \(quoted) \(value), or a new request?"
        }
    }

    /// The two answers to `valueOrRequest`, in its order: the value, then the other meaning.
    func valueOrRequestOptions(note: Bool, assistant: Bool) -> [String] {
        switch code {
        case "de": return [note ? "Die Notiz" : "Die Nachricht", assistant ? "Eine Frage" : "Eine neue Anfrage"]
        case "fr": return [note ? "La note" : "Le message", assistant ? "Une question" : "Une nouvelle demande"]
        case "it": return [note ? "La nota" : "Il messaggio", assistant ? "Una domanda" : "Una nuova richiesta"]
        case "ja": return [note ? "メモ" : "メッセージ", assistant ? "質問" : "新しい依頼"]
        case "zh": return [note ? "备注" : "消息", assistant ? "问题" : "新请求"]
        default: return [note ? "The note" : "The message", assistant ? "A question" : "A new request"]
        }
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

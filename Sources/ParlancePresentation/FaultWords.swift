/// Why an app's extension failed, in a few plain words of the user's language: the details (what the
/// extension printed, the protocol's messages) go to the activity log (`parlance apps log`), never to the
/// conversation.
struct FaultWords: Sendable {
    /// The language ("en"); any other than the six speaks English.
    let code: String

    /// The words for a failure kind (a `HostingError.Kind` name; anything else is "something went wrong").
    func words(for kind: String) -> String {
        let index: Int
        switch kind {
        case "startTimedOut", "deadlineExceeded": index = 0
        case "launchFailed", "exitedAtStart", "crashed", "stopped", "notReading", "backingOff", "notSent": index = 1
        case "malformedMessage", "oversizedMessage", "protocolViolation", "methodNotFound", "incompatibleVersion":
            index = 2
        case "extensionError": index = 3
        default: index = 4
        }
        return table[index]
    }

    private var table: [String] {
        switch code {
        case "de": return ["es hat zu lange gedauert", "die App läuft gerade nicht", "die Antwort der App war unbrauchbar",
                           "die App hat einen Fehler gemeldet", "etwas ist schiefgegangen"]
        case "fr": return ["c’était trop long", "l’appli ne fonctionne pas en ce moment", "sa réponse était inutilisable",
                           "l’appli a signalé une erreur", "quelque chose s’est mal passé"]
        case "it": return ["ci ha messo troppo", "l’app non funziona in questo momento", "la sua risposta non era utilizzabile",
                           "l’app ha segnalato un errore", "qualcosa è andato storto"]
        case "ja": return ["時間がかかりすぎました", "アプリが今動いていません", "アプリの応答を使えませんでした",
                           "アプリがエラーを報告しました", "問題が発生しました"]
        case "zh": return ["用时太长", "应用现在无法运行", "应用的回复无法使用", "应用报告了错误", "出了点问题"]
        default: return ["it took too long", "the app isn't working right now", "its answer couldn't be used",
                         "the app reported an error", "something went wrong"]
        }
    }
}

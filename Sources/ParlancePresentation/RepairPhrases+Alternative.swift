/// The other meaning of words given as a value, named: "or should I call Bobo?" with "Call Bobo" as its answer.
extension RepairPhrases {
    /// What the other request would do, as a verb phrase in the language's plain form ("call Bobo", "Bobo
    /// anrufen", "Boboに電話する"); nil when it has no short name (then it is "a new request").
    func alternative(_ summary: RequestSummary) -> String? {
        switch code {
        case "de": return german(summary)
        case "fr": return french(summary)
        case "it": return italian(summary)
        case "ja": return japanese(summary)
        case "zh": return chinese(summary)
        default: return english(summary)
        }
    }

    /// "or should I call Bobo?": the end of the question that names the other request.
    func orShouldI(_ alternative: String) -> String {
        switch code {
        case "de": return "oder soll ich \(alternative)?"
        case "fr": return "ou dois-je \(alternative) ?"
        case "it": return "o devo \(alternative)?"
        case "ja": return "それとも「\(alternative)」という依頼ですか？"
        case "zh": return "还是要我\(alternative)？"
        default: return "or should I \(alternative)?"
        }
    }

    /// The answer that picks the other request ("Call Bobo").
    func alternativeOption(_ alternative: String) -> String {
        alternative.prefix(1).uppercased() + alternative.dropFirst()
    }

    private func english(_ summary: RequestSummary) -> String? {
        switch summary {
        case let .sendMessage(content, recipients):
            guard let recipients else { return "send a message" }
            return content.map { "send “\($0)” to \(recipients)" } ?? "text \(recipients)"
        case let .sendPayment(amount, payee): return amount.map { "send \($0) to \(payee ?? "them")" } ?? "pay \(payee ?? "someone")"
        case let .requestPayment(amount, payer): return "request \(amount ?? "money") from \(payer ?? "someone")"
        case let .requestRide(_, destination): return "book a ride" + (destination.map { " to \($0)" } ?? "")
        case .call(let contacts): return "call \(contacts ?? "someone")"
        case let .workout(step, name):
            switch step {
            case .start: return "start \(name ?? "a workout")"
            case .pause: return "pause your workout"
            case .resume: return "resume your workout"
            case .end: return "end your workout"
            case .cancel: return "cancel your workout"
            }
        case .photos(_, let playing): return playing ? "play your photos" : "find your photos"
        case .searchMessages: return "search your messages"
        case .cancelRide: return "cancel your ride"
        case .rideStatus: return "check on your ride"
        default: return nil
        }
    }

    private func german(_ summary: RequestSummary) -> String? {
        switch summary {
        case let .sendMessage(content, recipients):
            guard let recipients else { return "eine Nachricht senden" }
            return content.map { "„\($0)“ an \(recipients) senden" } ?? "\(recipients) schreiben"
        case let .sendPayment(amount, payee): return "\(payee ?? "jemanden") \(amount.map { "\($0) " } ?? "")bezahlen"
        case let .requestPayment(amount, payer): return "\(amount ?? "Geld") von \(payer ?? "jemandem") anfordern"
        case let .requestRide(_, destination): return "eine Fahrt" + (destination.map { " nach \($0)" } ?? "") + " buchen"
        case .call(let contacts): return "\(contacts ?? "jemanden") anrufen"
        case let .workout(step, name):
            switch step {
            case .start: return "\(name ?? "ein Training") starten"
            case .pause: return "dein Training pausieren"
            case .resume: return "dein Training fortsetzen"
            case .end: return "dein Training beenden"
            case .cancel: return "dein Training abbrechen"
            }
        case .photos(_, let playing): return playing ? "deine Fotos abspielen" : "deine Fotos suchen"
        case .searchMessages: return "deine Nachrichten durchsuchen"
        case .cancelRide: return "deine Fahrt stornieren"
        case .rideStatus: return "nach deiner Fahrt sehen"
        default: return nil
        }
    }

    private func french(_ summary: RequestSummary) -> String? {
        switch summary {
        case let .sendMessage(content, recipients):
            guard let recipients else { return "envoyer un message" }
            return content.map { "envoyer « \($0) » à \(recipients)" } ?? "écrire à \(recipients)"
        case let .sendPayment(amount, payee): return "envoyer \(amount ?? "de l’argent") à \(payee ?? "quelqu’un")"
        case let .requestPayment(amount, payer): return "demander \(amount ?? "de l’argent") à \(payer ?? "quelqu’un")"
        case let .requestRide(_, destination): return "réserver une course" + (destination.map { " pour \($0)" } ?? "")
        case .call(let contacts): return "appeler \(contacts ?? "quelqu’un")"
        case let .workout(step, name):
            switch step {
            case .start: return "lancer \(name ?? "une séance")"
            case .pause: return "mettre ta séance en pause"
            case .resume: return "reprendre ta séance"
            case .end: return "terminer ta séance"
            case .cancel: return "annuler ta séance"
            }
        case .photos(_, let playing): return playing ? "lancer un diaporama" : "chercher tes photos"
        case .searchMessages: return "chercher dans tes messages"
        case .cancelRide: return "annuler ta course"
        case .rideStatus: return "vérifier ta course"
        default: return nil
        }
    }

    private func italian(_ summary: RequestSummary) -> String? {
        switch summary {
        case let .sendMessage(content, recipients):
            guard let recipients else { return "mandare un messaggio" }
            return content.map { "mandare «\($0)» a \(recipients)" } ?? "scrivere a \(recipients)"
        case let .sendPayment(amount, payee): return "mandare \(amount ?? "soldi") a \(payee ?? "qualcuno")"
        case let .requestPayment(amount, payer): return "chiedere \(amount ?? "soldi") a \(payer ?? "qualcuno")"
        case let .requestRide(_, destination): return "prenotare una corsa" + (destination.map { " per \($0)" } ?? "")
        case .call(let contacts): return "chiamare \(contacts ?? "qualcuno")"
        case let .workout(step, name):
            switch step {
            case .start: return "iniziare \(name ?? "un allenamento")"
            case .pause: return "mettere in pausa l’allenamento"
            case .resume: return "riprendere l’allenamento"
            case .end: return "finire l’allenamento"
            case .cancel: return "annullare l’allenamento"
            }
        case .photos(_, let playing): return playing ? "mostrare le tue foto" : "cercare le tue foto"
        case .searchMessages: return "cercare nei tuoi messaggi"
        case .cancelRide: return "annullare la corsa"
        case .rideStatus: return "controllare la corsa"
        default: return nil
        }
    }

    private func japanese(_ summary: RequestSummary) -> String? {
        switch summary {
        case let .sendMessage(content, recipients):
            guard let recipients else { return "メッセージを送る" }
            return content.map { "\(recipients)に「\($0)」と送る" } ?? "\(recipients)にメッセージを送る"
        case let .sendPayment(amount, payee): return "\(payee ?? "相手")に\(amount ?? "お金")を送る"
        case let .requestPayment(amount, payer): return "\(payer ?? "相手")に\(amount ?? "お金")を請求する"
        case let .requestRide(_, destination): return (destination.map { "\($0)まで" } ?? "") + "車を呼ぶ"
        case .call(let contacts): return "\(contacts ?? "相手")に電話する"
        case let .workout(step, name):
            switch step {
            case .start: return "\(name ?? "ワークアウト")を始める"
            case .pause: return "ワークアウトを一時停止する"
            case .resume: return "ワークアウトを再開する"
            case .end: return "ワークアウトを終える"
            case .cancel: return "ワークアウトを取り消す"
            }
        case .photos(_, let playing): return playing ? "写真を再生する" : "写真を探す"
        case .searchMessages: return "メッセージを探す"
        case .cancelRide: return "配車を取り消す"
        case .rideStatus: return "配車の状況を確かめる"
        default: return nil
        }
    }

    private func chinese(_ summary: RequestSummary) -> String? {
        switch summary {
        case let .sendMessage(content, recipients):
            guard let recipients else { return "发一条消息" }
            return content.map { "给\(recipients)发送“\($0)”" } ?? "给\(recipients)发消息"
        case let .sendPayment(amount, payee): return "给\(payee ?? "对方")付\(amount ?? "款")"
        case let .requestPayment(amount, payer): return "向\(payer ?? "对方")收\(amount ?? "款")"
        case let .requestRide(_, destination): return "叫车" + (destination.map { "去\($0)" } ?? "")
        case .call(let contacts): return "给\(contacts ?? "对方")打电话"
        case let .workout(step, name):
            switch step {
            case .start: return "开始\(name ?? "运动")"
            case .pause: return "暂停运动"
            case .resume: return "继续运动"
            case .end: return "结束运动"
            case .cancel: return "取消运动"
            }
        case .photos(_, let playing): return playing ? "播放照片" : "找照片"
        case .searchMessages: return "搜索消息"
        case .cancelRide: return "取消叫车"
        case .rideStatus: return "查看叫车状态"
        default: return nil
        }
    }
}

import Foundation
import ParlanceCore

/// The assistant's Japanese words for the conversation (polite form).
struct JapaneseConversationPhrases: ConversationPhrases {
    var code: String { "ja" }

    func text(_ parameters: Parameters, _ name: String) -> String? {
        parameters[name].map { ValueText.describe($0, language: code) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    func label(_ parameter: String) -> String {
        let labels = ["recipients": "宛先", "content": "メッセージ", "payee": "支払先", "payer": "請求先", "currencyAmount": "金額",
                      "note": "メモ", "pickupLocation": "乗車場所", "dropOffLocation": "目的地", "rideOptionName": "車種",
                      "partySize": "人数", "workoutName": "ワークアウト", "goalValue": "目標", "contacts": "連絡先",
                      "callCapability": "通話の種類", "albumName": "アルバム", "peopleInPhoto": "人物", "searchTerms": "キーワード",
                      "locationCreated": "場所", "dateCreated": "日付", "senders": "送信者", "speakableGroupName": "グループ",
                      "recipient": "連絡先"]
        return labels[parameter] ?? ValueText.words(parameter)
    }

    func chooseApp(_ options: [String]) -> String { "どのアプリを使いますか：\(orList(options))？" }
    func useApp(_ app: String) -> String { "\(app)を使いますか？" }

    func rideUpdatesInterrupted(app: String) -> String { "\(app) から配車の最新情報が届かなくなりました。再接続しています。" }
    func rideUpdatesLost(app: String) -> String { "\(app) の配車をこれ以上追跡できません。状況は \(app) で確認してください。" }

    func runsOutsideCode(app: String, programs: String) -> String {
        "注意：\(app) はバンドルの外のプログラムを実行します（\(programs)）。"
    }

    func permission(app: String, usage: String?) -> String {
        guard let usage, !usage.isEmpty else { return "\(app)がParlanceとの連携を求めています。許可しますか？" }
        return "\(app)がParlanceとの連携を求めています：「\(usage)」許可しますか？"
    }

    func unlock() -> String { "セッションがロックされています。ロックを解除して（parlance unlock）「続けて」と言うか、「キャンセル」と言ってください。" }

    func askValue(_ asked: AskedValue) -> String {
        switch asked {
        case .messageRecipient: return "誰に送りますか？"
        case .messageContent(let who):
            if let who { return "\(who)に何と伝えますか？" }
            return "何と伝えますか？"
        case .payee: return "誰に支払いますか？"
        case .payer: return "誰に請求しますか？"
        case .parameter("currencyAmount"): return "いくらですか？"
        case .parameter("dropOffLocation"): return "どこまで行きますか？"
        case .parameter("contacts"): return "誰に電話しますか？"
        case .parameter("workoutName"): return "どのワークアウトですか？"
        case .parameter(let parameter): return "\(label(parameter))はどれですか？"
        }
    }

    func askMoreDetails(_ parameter: String, value: String?) -> String {
        if let value { return "「\(value)」に当てはまるものが多すぎます。もう少し詳しく教えてください。" }
        return "もう少し詳しく教えてください。"
    }

    func askAfterRefusal(_ parameter: String) -> String { "わかりました。では、\(label(parameter))はどれですか？" }
    func askChoice(_ parameter: String, options: [String]) -> String { "\(label(parameter))はどれですか：\(orList(options))？" }

    func askConfirmValue(_ asked: AskedValue, value: String) -> String {
        if asked == .messageRecipient { return "\(value)に送りますか？" }
        if asked == .parameter("contacts") { return "\(value)に電話しますか？" }
        return "\(value)のことですか？"
    }

    func unsupported(_ parameter: String, value: String?, reason: String?, app: String) -> String {
        let who = value ?? "それ"
        let because: String
        switch reason {
        case "noAccount": because = "\(who)は\(app)のアカウントを持っていません"
        case "offline": because = "\(who)はオフラインです"
        case "noContactFound": because = "\(app)は\(who)を知りません"
        case "videoCallUnsupported": because = "\(app)ではこのビデオ通話ができません"
        case "multipleContactsUnsupported": because = "\(app)は一度に一人にしか電話できません"
        case "insufficientFunds": because = "残高が足りません"
        case "paymentsAmountBelowMinimum", "amountBelowMinimum": because = "\(who)は\(app)の最低金額を下回っています"
        case "paymentsAmountAboveMaximum", "amountAboveMaximum": because = "\(who)は\(app)の上限を超えています"
        case "paymentsCurrencyUnsupported", "currencyUnsupported": because = "\(app)はこの通貨に対応していません"
        case nil where parameter == "partySize": because = "\(app)には\(value ?? "その")人数が乗れる車がありません"
        default: because = "\(app)は\(value ?? "それ")を使えません"
        }
        return "\(because)。別の\(label(parameter))にしますか？"
    }

    func orList(_ options: [String]) -> String { options.joined(separator: "、") }

    func confirmIntent(_ summary: RequestSummary, intent: String, app: String, details: [String]) -> String {
        var question: String
        switch summary {
        case let .sendMessage(content, recipients): question = "\(app)で\(recipients ?? "相手")に「\(content ?? "")」と送りますか？"
        case let .sendPayment(amount, payee): question = "\(app)で\(payee ?? "相手")に\(amount ?? "お金")を送りますか？"
        case let .requestPayment(amount, payer): question = "\(app)で\(payer ?? "相手")に\(amount ?? "お金")を請求しますか？"
        case let .requestRide(option, destination):
            question = "\(app)で" + (destination.map { "\($0)まで" } ?? "") + "\(option ?? "車")を呼びますか？"
        default: question = "\(app)で続けますか？"
        }
        if !details.isEmpty { question = details.joined(separator: "、") + "。" + question }
        return question
    }

    func again(_ question: String) -> String { "すみません、わかりませんでした。" + question }
    func confirmFooter() -> String { "続けるなら「はい」、やめるなら「いいえ」と言ってください。" }

    func done(_ summary: RequestSummary) -> String {
        switch summary {
        case let .sendMessage(content, recipients): return "\(recipients ?? "相手")に「\(content ?? "")」と送りました。"
        case .searchMessages(let n): return n == 0 ? "メッセージはありません。" : "\(n)件のメッセージがあります。"
        case .setMessageAttribute(let attribute): return attribute == "unread" ? "未読にしました。" : "既読にしました。"
        case let .sendPayment(amount, payee): return "\(payee ?? "相手")に\(amount ?? "お金")を送りました。"
        case let .requestPayment(amount, payer): return "\(payer ?? "相手")に\(amount ?? "お金")を請求しました。"
        case .requestRide: return "配車を予約しました。"
        case .listRideOptions(let n): return "\(n)種類の車があります。"
        case .rideStatus(let phase): return ridePhase(phase)
        case .cancelRide: return "配車をキャンセルしました。"
        case let .workout(step, name):
            switch step {
            case .start: return "\(name ?? "ワークアウト")を開始しました。"
            case .pause: return "ワークアウトを一時停止しました。"
            case .resume: return "ワークアウトを再開しました。"
            case .end: return "ワークアウトを終了しました。"
            case .cancel: return "ワークアウトをキャンセルしました。"
            }
        case .call(let contacts): return "\(contacts ?? "相手")に電話します。"
        case .searchCallHistory(let n): return n == 0 ? "通話はありません。" : "\(n)件の通話があります。"
        case let .photos(n, playing):
            if n == 0 { return "写真は見つかりませんでした。" }
            return playing ? "\(n)枚の写真を再生します。" : "\(n)枚の写真が見つかりました。"
        case .other: return "完了しました。"
        }
    }

    func doneWithApp(_ done: String, app: String) -> String { done.dropLast() + "（\(app)）。" }

    func failure(_ code: String, app: String) -> String {
        let reasons = [
            "failureInsufficientFunds": "\(app)の残高が足りません",
            "failurePaymentsAmountBelowMinimum": "金額が\(app)の最低金額を下回っています",
            "failurePaymentsAmountAboveMaximum": "金額が\(app)の上限を超えています",
            "failurePaymentsCurrencyUnsupported": "\(app)はこの通貨に対応していません",
            "failureMessageNotFound": "\(app)はそのメッセージを見つけられませんでした",
            "failureNoMatchingWorkout": "\(app)で進行中のワークアウトがありません",
            "failureOngoingWorkout": "別のワークアウトが進行中です",
        ]
        return "できませんでした：\(reasons[code] ?? "\(app)がエラーを報告しました（\(ValueText.words(code))）")。何も行っていません。"
    }

    func inProgress(app: String) -> String { "\(app)が処理中です。バックグラウンドで続け、終わったらお知らせします。" }

    func ridePhase(_ phase: String) -> String {
        switch phase {
        case "received": return "配車を受け付けました。ドライバーを探しています。"
        case "confirmed": return "配車が確定しました。"
        case "approachingPickup": return "車がまもなく到着します。"
        case "pickup": return "車が到着しました。"
        case "ongoing": return "移動中です。"
        case "completed": return "乗車が完了しました。"
        default: return "配車の状況です。"
        }
    }

    func rideUpdate(app: String, phase: String) -> String { "\(app)：" + ridePhase(phase) }
    func handedOff(done: String?, app: String) -> String { (done ?? "") + "続きは\(app)で。" }
    func handOffFailed(app: String, reason: String) -> String { "\(app)で続ける必要がありますが、開けませんでした：\(reason)" }
    func openApp(app: String, done: String?) -> String { (done ?? "") + "\(app)を開いて続けますか？" }
    func openAppOptions() -> [String] { ["はい", "いいえ", "いつも"] }
    func notOpened(app: String) -> String { "わかりました、\(app)は開きません。" }
    func cancelled() -> String { "わかりました、キャンセルしました。何も行っていません。" }
    func declined() -> String { "わかりました、やめておきます。何も行っていません。" }
    func permissionDenied(app: String, identifier: String) -> String { "\(app)はParlanceとの連携が許可されていないため、使いませんでした。許可するには：parlance apps allow \(identifier)" }
    func stayedLocked() -> String { "セッションがロックされたままなので、中止します。何も行っていません。" }
    func gaveUp(step: String, app: String) -> String { "必要な情報がそろわないため、中止します。何も行っていません。" }
    func resumed(_ question: String) -> String { "前回の続きからです。" + question }
    func beforeRestart(_ result: String) -> String { "再起動の前に：" + result }
    func interrupted(app: String) -> String { "\(app)がリクエストを処理中にアシスタントが停止しました。完了したかどうかわかりません。繰り返しませんので、\(app)で確認してください。" }
    func notUnderstood() -> String { "すみません、それはお手伝いできません。「何ができる？」と聞いてみてください。" }
    func cannotHelp(domains: [String]) -> String {
        let activities: [String: String] = ["messaging": "メッセージを送る", "calls": "電話をかける", "payments": "送金と請求", "rides": "配車", "workouts": "ワークアウトの記録", "photos": "写真を探す"]
        let things = domains.compactMap { activities[$0] }
        guard !things.isEmpty else { return notUnderstood() }
        return "すみません、それはお手伝いできません。アプリで\(list(things))ができます。「何ができる？」と聞いてみてください。"
    }
    func appCannot(app: String) -> String { "\(app)ではそれはできません。「何ができる？」と聞いてみてください。" }
    func waiting(app: String) -> String { "\(app)を待っています…" }
    func alreadyHandled(app: String) -> String { "このリクエストはすでに\(app)に送りました。二度は送りません。結果は\(app)で確認してください。" }
    func notRecorded(reason: String) -> String { "リクエストを安全に記録できなかったため、送信しませんでした：\(reason)" }
    func handleFailed(app: String, reason: String) -> String { "\(app)が処理中に失敗しました（\(reason)）。完了したかどうかわからず、繰り返しません。\(app)で確認してください。" }
    func noRideToCancel(app: String) -> String { "キャンセルできる\(app)の配車はありません。" }
    func appMissing(app: String) -> String { "\(app)はもうインストールされていないため、中止します。" }
    func extensionFailed(app: String, reason: String) -> String { "\(app)がリクエストを受け付けられませんでした（\(reason)）。何も行っていません。" }
    func notSaved(reason: String) -> String { "この会話を保存できませんでした（\(reason)）。再起動後は覚えていない可能性があります。" }
    func valueRefused(said: String, reason: RefusedValue.Reason) -> String {
        switch reason {
        case .notPositive: "「\(said)」は使えません。ゼロより大きい値にしてください。"
        case .tooLarge: "「\(said)」は大きすぎるため、アプリに渡しません。"
        case .unreadable: "「\(said)」は数として読めません。"
        }
    }
    func unnamedApp() -> String { "アプリ" }
    func noApps() -> String { "アプリがまだインストールされていません。parlance apps install パス でインストールしてください。" }
    func discovery(_ examples: [String]) -> String { "たとえばこう言えます：" + examples.map { "「\($0)」" }.joined(separator: "、") + "。" }
    func discoveryTitle() -> String { "できること" }
    func welcome() -> String { "Parlance — やりたいことを話してください（「何ができる？」でヒント、Ctrl-Dで終了）。" }
    func installedSamples(_ names: [String]) -> String {
        "アプリがインストールされていなかったので、サンプルアプリ（\(ValueText.list(names, language: code))）をインストールしました。どのアプリも最初に使うときに許可を求めます。"
    }

    func cardLabel(_ english: String) -> String {
        let labels = ["To": "宛先", "From": "差出人", "Amount": "金額", "Fee": "手数料", "Note": "メモ", "Status": "状態",
                      "Ride": "車種", "Pickup": "迎車", "pickup": "迎車", "Price": "料金", "Driver": "ドライバー",
                      "Vehicle": "車両", "Cancellation fee": "キャンセル料", "Workout": "ワークアウト", "Goal": "目標",
                      "Where": "場所", "Call": "通話", "Type": "種類", "Album": "アルバム", "People": "人物",
                      "Tags": "キーワード", "Place": "場所", "Date": "日付", "Photos": "写真", "Unknown": "不明", "You": "あなた"]
        return labels[english] ?? english
    }

    func list(_ items: [String]) -> String { items.joined(separator: "、") }

    func caseWords(_ name: String) -> String {
        let words = ["pending": "処理中", "completed": "完了", "unpaid": "未払い", "failed": "失敗", "canceled": "キャンセル済み",
                     "received": "受付済み", "confirmed": "確定", "approachingPickup": "まもなく到着", "pickup": "到着",
                     "ongoing": "移動中", "audioCall": "音声通話", "videoCall": "ビデオ通話", "missed": "不在着信",
                     "outgoing": "発信", "minute": "分", "hour": "時間", "meter": "メートル", "mile": "マイル",
                     "kiloCalorie": "カロリー", "indoor": "屋内", "outdoor": "屋外"]
        return words[name] ?? ValueText.words(name)
    }
}

import Foundation
import ParlanceCore

/// The assistant's Chinese (Simplified) words for the conversation.
struct ChineseConversationPhrases: ConversationPhrases {
    var code: String { "zh" }

    func text(_ parameters: Parameters, _ name: String) -> String? {
        parameters[name].map { ValueText.describe($0, language: code) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    func label(_ parameter: String) -> String {
        let labels = ["recipients": "收件人", "content": "消息内容", "payee": "收款人", "payer": "付款人", "currencyAmount": "金额",
                      "note": "备注", "pickupLocation": "上车地点", "dropOffLocation": "目的地", "rideOptionName": "车型",
                      "partySize": "人数", "workoutName": "运动", "goalValue": "目标", "contacts": "联系人",
                      "callCapability": "通话方式", "albumName": "相册", "peopleInPhoto": "人物", "searchTerms": "关键词",
                      "locationCreated": "地点", "dateCreated": "日期", "senders": "发件人", "speakableGroupName": "群组",
                      "recipient": "联系人"]
        return labels[parameter] ?? ValueText.words(parameter)
    }

    func chooseApp(_ options: [String]) -> String { "用哪个应用：\(orList(options))？" }
    func useApp(_ app: String) -> String { "用\(app)吗？" }

    func rideUpdatesInterrupted(app: String) -> String { "\(app) 不再发送你的行程更新；我正在重新连接。" }
    func rideUpdatesLost(app: String) -> String { "我无法继续跟踪你的 \(app) 行程；请在 \(app) 中查看状态。" }

    func runsOutsideCode(app: String, programs: String) -> String {
        "注意：\(app) 会运行其应用包以外的程序（\(programs)）。"
    }

    func permission(app: String, usage: String?) -> String {
        guard let usage, !usage.isEmpty else { return "\(app) 想使用 Parlance。允许吗？" }
        return "\(app) 想使用 Parlance：“\(usage)”允许吗？"
    }

    func unlock() -> String { "会话已锁定。请先解锁（parlance unlock），然后说“继续”，或者说“取消”。" }

    func askValue(_ asked: AskedValue) -> String {
        switch asked {
        case .messageRecipient: return "发给谁？"
        case .messageContent(let who):
            if let who { return "你想对\(who)说什么？" }
            return "你想说什么？"
        case .payee: return "付给谁？"
        case .payer: return "向谁收款？"
        case .parameter("currencyAmount"): return "多少钱？"
        case .parameter("dropOffLocation"): return "去哪里？"
        case .parameter("pickupLocation"): return "在哪里上车？"
        case .parameter("contacts"): return "打给谁？"
        case .parameter("workoutName"): return "哪种运动？"
        case .parameter(let parameter): return "哪个\(label(parameter))？"
        }
    }

    func askMoreDetails(_ parameter: String, value: String?) -> String {
        if let value { return "“\(value)”匹配的太多了。具体是哪个\(label(parameter))？" }
        return "能说得更具体一点吗？"
    }

    func askAfterRefusal(_ parameter: String) -> String { "好的。那是哪个\(label(parameter))？" }
    func askChoice(_ parameter: String, options: [String]) -> String { "哪个\(label(parameter))：\(orList(options))？" }

    func askConfirmValue(_ asked: AskedValue, value: String) -> String {
        if asked == .messageRecipient { return "发给\(value)？" }
        if asked == .parameter("contacts") { return "打给\(value)？" }
        return "你是说\(value)吗？"
    }

    func unsupported(_ parameter: String, value: String?, reason: String?, app: String) -> String {
        let who = value ?? "这个"
        let because: String
        switch reason {
        case "noAccount": because = "\(who)没有\(app)账号"
        case "offline": because = "\(who)不在线"
        case "noContactFound": because = "\(app)不认识\(who)"
        case "videoCallUnsupported": because = "\(app)无法进行这个视频通话"
        case "multipleContactsUnsupported": because = "\(app)一次只能打给一个人"
        case "insufficientFunds": because = "余额不足"
        case "paymentsAmountBelowMinimum", "amountBelowMinimum": because = "\(who)低于\(app)的最低金额"
        case "paymentsAmountAboveMaximum", "amountAboveMaximum": because = "\(who)超过了\(app)的限额"
        case "paymentsCurrencyUnsupported", "currencyUnsupported": because = "\(app)不支持这种货币"
        case nil where parameter == "partySize": because = "\(app)没有能坐\(value ?? "这么多")人的车"
        default: because = "\(app)不能使用\(value ?? "这个")"
        }
        return "\(because)。换一个\(label(parameter))？"
    }

    func orList(_ options: [String]) -> String {
        switch options.count {
        case 0: return ""
        case 1: return options[0]
        default: return options.dropLast().joined(separator: "、") + "还是" + (options.last ?? "")
        }
    }

    func confirmIntent(_ summary: RequestSummary, intent: String, app: String, details: [String]) -> String {
        var question: String
        switch summary {
        case let .sendMessage(content, recipients): question = "用\(app)给\(recipients ?? "对方")发送“\(content ?? "")”？"
        case let .sendPayment(amount, payee): question = "用\(app)给\(payee ?? "对方")付\(amount ?? "款")？"
        case let .requestPayment(amount, payer): question = "用\(app)向\(payer ?? "对方")收\(amount ?? "款")？"
        case let .requestRide(option, destination):
            question = "用\(app)叫\(option.map { "一辆\($0)" } ?? "车")" + (destination.map { "去\($0)" } ?? "") + "？"
        default: question = "用\(app)继续？"
        }
        if !details.isEmpty { question = details.joined(separator: "；") + "。" + question }
        return question
    }

    func again(_ question: String) -> String { "抱歉，我没听懂。" + question }
    func confirmFooter() -> String { "说“是”继续，或说“不”。" }

    func done(_ summary: RequestSummary) -> String {
        switch summary {
        case let .sendMessage(content, recipients): return "已给\(recipients ?? "对方")发送“\(content ?? "")”。"
        case .searchMessages(let n): return n == 0 ? "没有消息。" : "找到\(n)条消息。"
        case .setMessageAttribute(let attribute): return attribute == "unread" ? "已标为未读。" : "已标为已读。"
        case let .sendPayment(amount, payee): return "已给\(payee ?? "对方")付款\(amount ?? "")。"
        case let .requestPayment(amount, payer): return "已向\(payer ?? "对方")收款\(amount ?? "")。"
        case .requestRide: return "已为你叫车。"
        case .listRideOptions(let n): return "有\(n)种车型可选。"
        case .rideStatus(let phase): return ridePhase(phase)
        case .cancelRide: return "行程已取消。"
        case let .workout(step, name):
            switch step {
            case .start: return "已开始\(name ?? "运动")。"
            case .pause: return "运动已暂停。"
            case .resume: return "运动已继续。"
            case .end: return "运动已结束。"
            case .cancel: return "运动已取消。"
            }
        case .call(let contacts): return "正在呼叫\(contacts ?? "对方")。"
        case .searchCallHistory(let n): return n == 0 ? "没有通话记录。" : "找到\(n)个通话。"
        case let .photos(n, playing):
            if n == 0 { return "没有找到照片。" }
            return playing ? "正在播放\(n)张照片。" : "找到\(n)张照片。"
        case .other: return "好了。"
        }
    }

    func doneWithApp(_ done: String, app: String) -> String { done.dropLast() + "（\(app)）。" }

    func failure(_ code: String, app: String) -> String {
        let reasons = [
            "failureInsufficientFunds": "你的\(app)余额不足",
            "failurePaymentsAmountBelowMinimum": "金额低于\(app)的最低金额",
            "failurePaymentsAmountAboveMaximum": "金额超过了\(app)的限额",
            "failurePaymentsCurrencyUnsupported": "\(app)不支持这种货币",
            "failureMessageNotFound": "\(app)没有找到这些消息",
            "failureNoMatchingWorkout": "\(app)没有进行中的运动",
            "failureOngoingWorkout": "已经有一个运动在进行",
        ]
        return "没办成：\(reasons[code] ?? "\(app)报告了错误（\(ValueText.words(code))）")。什么都没做。"
    }

    func inProgress(app: String) -> String { "\(app)正在处理，会在后台继续，完成后告诉你。" }

    func ridePhase(_ phase: String) -> String {
        switch phase {
        case "received": return "已下单，正在找司机。"
        case "confirmed": return "行程已确认。"
        case "approachingPickup": return "车快到了。"
        case "pickup": return "车到了。"
        case "ongoing": return "你在路上了。"
        case "completed": return "行程结束了。"
        default: return "这是你的行程。"
        }
    }

    func rideUpdate(app: String, phase: String) -> String { "\(app)：" + ridePhase(phase) }
    func handedOff(done: String?, app: String) -> String { (done ?? "") + "在\(app)中继续。" }
    func handOffFailed(app: String, reason: String) -> String { "需要在\(app)中完成，但我打不开它：\(reason)" }
    func openApp(app: String, done: String?) -> String { (done ?? "") + "要打开\(app)来完成吗？" }
    func openAppOptions() -> [String] { ["是", "不", "总是"] }
    func notOpened(app: String) -> String { "好的，不打开\(app)。" }
    func cancelled() -> String { "好的，已取消。什么都没做。" }
    func declined() -> String { "好的，不做了。什么都没做。" }

    func permissionDenied(app: String, identifier: String) -> String {
        "\(app)没有获准使用 Parlance，所以我没有用它。要允许它：parlance apps allow \(identifier)"
    }

    func stayedLocked() -> String { "会话仍然锁定，我先停下。什么都没做。" }
    func gaveUp(step: String, app: String) -> String { "还是没有得到需要的信息，我先停下。什么都没做。" }
    func resumed(_ question: String) -> String { "我们接着刚才的来。" + question }
    func beforeRestart(_ result: String) -> String { "重启之前：" + result }
    func interrupted(app: String) -> String { "助手在\(app)处理你的请求时停止了，我不确定是否成功。我不会重复操作，请在\(app)中查看。" }
    func notUnderstood() -> String { "抱歉，这个我帮不上忙。说“你能做什么”来看看我能做什么。" }
    func cannotHelp(domains: [String]) -> String {
        let activities: [String: String] = ["messaging": "发消息", "calls": "打电话", "payments": "付款和收款", "rides": "叫车", "workouts": "记录运动", "photos": "找照片"]
        let things = domains.compactMap { activities[$0] }
        guard !things.isEmpty else { return notUnderstood() }
        return "抱歉，这个我帮不上忙。用你的应用，我可以\(list(things))。说“你能做什么”来看看例子。"
    }
    func appCannot(app: String) -> String { "\(app)做不了这个。说“你能做什么”来看看它能做什么。" }
    func waiting(app: String) -> String { "正在等待\(app)……" }
    func alreadyHandled(app: String) -> String { "这个请求已经发给\(app)了，我不会再发一次。请在\(app)里查看结果。" }
    func notRecorded(reason: String) -> String { "无法安全记录这个请求，所以没有发送：\(reason)" }
    func handleFailed(app: String, reason: String) -> String { "\(app)处理请求时出错（\(reason)）。我不确定是否成功，也不会重复；请在\(app)中查看。" }
    func noRideToCancel(app: String) -> String { "你没有可以取消的\(app)行程。" }
    func appMissing(app: String) -> String { "\(app)已经卸载了，我先停下。" }
    func extensionFailed(app: String, reason: String) -> String { "\(app)无法接受这个请求（\(reason)）。什么都没做。" }
    func notSaved(reason: String) -> String { "无法保存这段对话（\(reason)）；重启后我可能不记得了。" }
    func valueRefused(said: String, reason: RefusedValue.Reason) -> String {
        switch reason {
        case .notPositive: "“\(said)”不行：必须大于零。"
        case .tooLarge: "“\(said)”太大了，不会交给应用。"
        case .unreadable: "我无法把“\(said)”读成数字。"
        }
    }
    func unnamedApp() -> String { "该应用" }
    func noApps() -> String { "还没有安装应用。用 parlance apps install 路径 安装一个。" }
    func discovery(_ examples: [String]) -> String { "你可以说，比如：" + examples.map { "“\($0)”" }.joined(separator: "、") + "。" }
    func discoveryTitle() -> String { "你可以这样问" }
    func welcome() -> String { "Parlance——说出你想做的事（说“你能做什么”获取灵感，按 Ctrl-D 退出）。" }
    func installedSamples(_ names: [String]) -> String {
        "还没有安装任何应用，所以我安装了示例应用：\(ValueText.list(names, language: code))。每个应用第一次使用时都会征求你的许可。"
    }

    func cardLabel(_ english: String) -> String {
        let labels = ["To": "收件人", "From": "来自", "Amount": "金额", "Fee": "手续费", "Note": "备注", "Status": "状态",
                      "Ride": "车型", "Pickup": "上车时间", "pickup": "上车", "Price": "价格", "Driver": "司机",
                      "Vehicle": "车辆", "Cancellation fee": "取消费", "Workout": "运动", "Goal": "目标", "Where": "地点",
                      "Call": "通话", "Type": "方式", "Album": "相册", "People": "人物", "Tags": "关键词", "Place": "地点",
                      "Date": "日期", "Photos": "照片", "Unknown": "未知", "You": "你"]
        return labels[english] ?? english
    }

    func list(_ items: [String]) -> String { ValueText.list(items, language: code) }

    func caseWords(_ name: String) -> String {
        let words = ["pending": "待处理", "completed": "已完成", "unpaid": "未支付", "failed": "失败", "canceled": "已取消",
                     "received": "已下单", "confirmed": "已确认", "approachingPickup": "即将到达", "pickup": "已到达",
                     "ongoing": "行程中", "audioCall": "语音通话", "videoCall": "视频通话", "missed": "未接",
                     "outgoing": "拨出", "minute": "分钟", "hour": "小时", "meter": "米", "mile": "英里",
                     "kiloCalorie": "卡路里", "indoor": "室内", "outdoor": "户外"]
        return words[name] ?? ValueText.words(name)
    }
}

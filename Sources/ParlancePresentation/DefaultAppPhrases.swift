/// The words of the offer to make an app a domain's default, in the six languages: asked once per domain,
/// after a request whose app the user chose among several ("Use MonkeyRide for rides from now on?").
struct DefaultAppPhrases: Sendable {
    /// The language ("en"); any other than the six speaks English.
    let code: String

    /// "Use MonkeyRide for rides from now on?"
    func offer(app: String, domain: String) -> String {
        let things = requests(domain)
        switch code {
        case "de": return things.map { "\(app) ab jetzt für \($0) verwenden?" } ?? "\(app) ab jetzt dafür verwenden?"
        case "fr": return things.map { "Utiliser \(app) pour \($0) désormais ?" } ?? "Utiliser \(app) pour cela désormais ?"
        case "it": return things.map { "Usare \(app) per \($0) d'ora in poi?" } ?? "Usare \(app) per questo d'ora in poi?"
        case "ja": return things.map { "今後、\($0)には\(app)を使いますか？" } ?? "今後は\(app)を使いますか？"
        case "zh": return things.map { "以后\($0)都用\(app)吗？" } ?? "以后都用\(app)吗？"
        default: return things.map { "Use \(app) for \($0) from now on?" } ?? "Use \(app) for that from now on?"
        }
    }

    /// The yes: "OK, I'll use MonkeyRide for rides from now on."
    func chosen(app: String, domain: String) -> String {
        let things = requests(domain)
        switch code {
        case "de": return things.map { "Okay, für \($0) verwende ich ab jetzt \(app)." } ?? "Okay, ich verwende ab jetzt \(app)."
        case "fr": return things.map { "D’accord, j’utiliserai désormais \(app) pour \($0)." } ?? "D’accord, j’utiliserai désormais \(app)."
        case "it": return things.map { "Va bene, d'ora in poi userò \(app) per \($0)." } ?? "Va bene, d'ora in poi userò \(app)."
        case "ja": return things.map { "わかりました。今後、\($0)には\(app)を使います。" } ?? "わかりました。今後は\(app)を使います。"
        case "zh": return things.map { "好的，以后\($0)都用\(app)。" } ?? "好的，以后都用\(app)。"
        default: return things.map { "OK, I'll use \(app) for \($0) from now on." } ?? "OK, I'll use \(app) from now on."
        }
    }

    /// Anything but a yes: every request that names no app still asks.
    func declined() -> String {
        switch code {
        case "de": return "Okay, ich frage weiterhin, welche App ich verwenden soll."
        case "fr": return "D’accord, je continuerai à demander quelle appli utiliser."
        case "it": return "Va bene, continuerò a chiedere quale app usare."
        case "ja": return "わかりました。これからも使うアプリをお聞きします。"
        case "zh": return "好的，我会继续询问用哪个应用。"
        default: return "OK, I'll keep asking which app to use."
        }
    }

    /// A domain's requests, as the offer names them ("rides"); nil for a domain without words.
    private func requests(_ domain: String) -> String? {
        let words: [String: String]
        switch code {
        case "de":
            words = ["messaging": "Nachrichten", "calls": "Anrufe", "payments": "Zahlungen", "rides": "Fahrten",
                     "workouts": "Trainings", "photos": "Fotos", "restaurants": "Restaurantreservierungen"]
        case "fr":
            words = ["messaging": "les messages", "calls": "les appels", "payments": "les paiements", "rides": "les courses",
                     "workouts": "les entraînements", "photos": "les photos", "restaurants": "les réservations de restaurant"]
        case "it":
            words = ["messaging": "i messaggi", "calls": "le chiamate", "payments": "i pagamenti", "rides": "le corse",
                     "workouts": "gli allenamenti", "photos": "le foto", "restaurants": "le prenotazioni al ristorante"]
        case "ja":
            words = ["messaging": "メッセージ", "calls": "通話", "payments": "支払い", "rides": "配車",
                     "workouts": "ワークアウト", "photos": "写真", "restaurants": "レストランの予約"]
        case "zh":
            words = ["messaging": "发消息", "calls": "打电话", "payments": "付款", "rides": "叫车",
                     "workouts": "健身", "photos": "找照片", "restaurants": "订餐厅"]
        default:
            words = ["messaging": "messages", "calls": "calls", "payments": "payments", "rides": "rides",
                     "workouts": "workouts", "photos": "photos", "restaurants": "restaurant bookings"]
        }
        return words[domain]
    }
}

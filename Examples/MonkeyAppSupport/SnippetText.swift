import Intents

/// The few words the sample apps' Intents UI views show, in the conversation's language
/// (`INPreferences.siriLanguageCode()`), English when the language is not one of the six.
public enum SnippetText {
    /// A word or phrase by key ("to", "delivered", "notSent", "progress", "destination").
    public static func text(_ key: String) -> String {
        let language = String(INPreferences.siriLanguageCode().prefix(2)).lowercased()
        return table[language]?[key] ?? table["en"]?[key] ?? key
    }

    private static let table: [String: [String: String]] = [
        "en": ["to": "To", "delivered": "✓ delivered", "notSent": "not sent yet", "progress": "Progress",
               "destination": "Destination", "time": "Time", "party": "Guests", "status": "Status"],
        "fr": ["to": "À", "delivered": "✓ remis", "notSent": "pas encore envoyé", "progress": "Avancement",
               "destination": "Destination", "time": "Heure", "party": "Personnes", "status": "Statut"],
        "de": ["to": "An", "delivered": "✓ zugestellt", "notSent": "noch nicht gesendet", "progress": "Fortschritt",
               "destination": "Ziel", "time": "Zeit", "party": "Personen", "status": "Status"],
        "it": ["to": "A", "delivered": "✓ consegnato", "notSent": "non ancora inviato", "progress": "Avanzamento",
               "destination": "Destinazione", "time": "Ora", "party": "Persone", "status": "Stato"],
        "zh": ["to": "发给", "delivered": "✓ 已送达", "notSent": "尚未发送", "progress": "进度", "destination": "目的地", "time": "时间", "party": "人数", "status": "状态"],
        "ja": ["to": "宛先", "delivered": "✓ 配信済み", "notSent": "未送信", "progress": "進行状況", "destination": "目的地", "time": "時間", "party": "人数", "status": "状況"],
    ]
}

import Foundation
import ParlanceCore

/// Words for values in the SDK's JSON form: a person's name, an amount with its currency, a place,
/// a date — in the conversation's language ("en", "fr"). Used in questions, options and results.
public enum ValueText {
    /// The value as a short phrase.
    public static func describe(_ value: JSONValue, language: String = "en") -> String {
        switch value {
        case .string(let text):
            if let date = isoDate(text) { return describe(date: date, language: language) }
            if isCaseName(text) { return words(text) }
            return text
        case .number(let number): return formatted(number, language: language)
        case .bool(let flag):
            let words = ["fr": ("oui", "non"), "de": ("ja", "nein"), "it": ("sì", "no"), "zh": ("是", "否"), "ja": ("はい", "いいえ")][language] ?? ("yes", "no")
            return flag ? words.0 : words.1
        case .null: return ["fr": "rien", "de": "nichts", "it": "niente"][language] ?? "nothing"
        case .array(let items): return list(items.map { describe($0, language: language) }, language: language)
        case .object(let object): return describe(object: object, language: language)
        }
    }

    private static func describe(object: [String: JSONValue], language: String) -> String {
        for key in ["displayName", "spokenPhrase", "name", "identifier"] {
            if let text = object[key]?.stringValue, !text.isEmpty { return key == "name" ? placeName(text, language: language) : text }
        }
        if case .number(let amount)? = object["amount"] {
            return money(amount, currency: object["currencyCode"]?.stringValue, language: language)
        }
        if object["year"] != nil || object["hour"] != nil || object["day"] != nil {
            return describe(components: object, language: language)
        }
        if let start = object["startDateComponents"]?.objectValue {
            return describe(components: start, language: language)
        }
        if let phrase = object["value"] { return describe(phrase, language: language) }
        return object.keys.sorted().compactMap { object[$0].map { describe($0, language: language) } }
            .joined(separator: ", ")
    }

    /// "$20.00", "€5.50", "1000 JPY"; in French "20,00 $", "5,50 €".
    public static func money(_ amount: Double, currency: String?, language: String = "en") -> String {
        let code = currency ?? ""
        let digits = code == "JPY" ? 0 : 2
        var number = String(format: "%.\(digits)f", amount)
        let symbol = ["USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥"][code]
        if ["fr", "de", "it"].contains(language) {
            number = number.replacingOccurrences(of: ".", with: ",")
            return code.isEmpty ? number : "\(number) \(symbol ?? code)"
        }
        if language == "zh" { return ["CNY": "\(number)元", "USD": "\(number)美元", "EUR": "\(number)欧元"][code] ?? "\(number) \(code)" }
        if language == "ja" { return ["JPY": "\(number)円", "USD": "\(number)ドル", "EUR": "\(number)ユーロ"][code] ?? "\(number) \(code)" }
        if let symbol { return symbol + number }
        return code.isEmpty ? number : "\(number) \(code)"
    }

    static func formatted(_ value: Double, language: String = "en") -> String {
        let text = value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        return ["fr", "de", "it"].contains(language) ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// "Bobo", "Bobo and Kiki", "Bobo, Kiki and Coco" ("et" in French).
    public static func list(_ items: [String], language: String = "en") -> String {
        if language == "ja" { return items.joined(separator: "、") }
        if language == "zh" { return items.count < 2 ? (items.first ?? "") : items.dropLast().joined(separator: "、") + "和" + (items.last ?? "") }
        let and = ["fr": " et ", "de": " und ", "it": " e "][language] ?? " and "
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + and + (items.last ?? "")
        }
    }

    /// "inProgress" → "in progress".
    public static func words(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase, !result.isEmpty { result.append(" ") }
            result.append(contentsOf: character.lowercased())
        }
        return result
    }

    /// An enum case name such as "videoCall" (lower-case start, an upper-case letter inside, no spaces).
    static func isCaseName(_ text: String) -> Bool {
        guard let first = text.first, first.isLowercase, !text.utf8.contains(UInt8(ascii: " ")) else { return false }
        return text.contains { $0.isUppercase } && text.allSatisfy { $0.isLetter }
    }

    static func isoDate(_ text: String) -> Date? {
        guard text.utf8.count >= 20, text.utf8.last == UInt8(ascii: "Z"), text.utf8.contains(UInt8(ascii: "T")) else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }

    static func describe(date: Date, language: String = "en") -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: ["fr": "fr_FR", "de": "de_DE", "it": "it_IT"][language] ?? "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = language == "en" ? "MMM d, HH:mm" : language == "de" ? "d. MMM, HH:mm" : "d MMM, HH:mm"
        return formatter.string(from: date)
    }

    private static let monthNames = [
        "en": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
               "November", "December"],
        "de": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
               "November", "Dezember"],
        "it": ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre",
               "novembre", "dicembre"],
        "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
               "novembre", "décembre"],
    ]

    private static func describe(components: [String: JSONValue], language: String) -> String {
        let months = monthNames[language] ?? monthNames["en"] ?? []
        var parts: [String] = []
        if language == "zh" || language == "ja" {
            var text = ""
            if case .number(let month)? = components["month"] { text += "\(whole(month))月" }
            if case .number(let day)? = components["day"] { text += "\(whole(day))日" }
            if case .number(let hour)? = components["hour"] { text += " " + String(format: "%02d:00", whole(hour)) }
            if text.isEmpty, case .number(let year)? = components["year"] { text = "\(whole(year))年" }
            return text
        }
        if case .number(let month)? = components["month"], (1...12).contains(whole(month)) {
            let name = months[whole(month) - 1]
            if case .number(let day)? = components["day"] {
                parts.append(language == "fr" || language == "it" ? "\(whole(day)) \(name)" : language == "de" ? "\(whole(day)). \(name)"
                             : "\(name) \(whole(day))")
            } else {
                parts.append(name)
            }
        } else if case .number(let day)? = components["day"] {
            parts.append(language == "fr" ? "le \(whole(day))" : "day \(whole(day))")
        }
        if case .number(let hour)? = components["hour"] {
            let minute: Int
            if case .number(let value)? = components["minute"] { minute = whole(value) } else { minute = 0 }
            parts.append(String(format: "%02d:%02d", whole(hour), minute))
        }
        if parts.isEmpty, case .number(let year)? = components["year"] { parts.append(String(whole(year))) }
        return parts.joined(separator: ", ")
    }
}

/// A number from a JSON value (an app's answer can hold any) as an `Int`, clamped first so that no value
/// stops the assistant.
func whole(_ number: Double) -> Int {
    guard number.isFinite else { return 0 }
    return Int(max(-1_000_000_000, min(1_000_000_000, number)))
}

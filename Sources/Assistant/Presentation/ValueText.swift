import Foundation

/// Words for values in the SDK's JSON form: a person's name, an amount with its currency, a place,
/// a date. Used in questions, options and results.
public enum ValueText {
    /// The value as a short phrase.
    public static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text):
            if let date = isoDate(text) { return describe(date: date) }
            if isCaseName(text) { return words(text) }
            return text
        case .number(let number): return formatted(number)
        case .bool(let flag): return flag ? "yes" : "no"
        case .null: return "nothing"
        case .array(let items): return list(items.map(describe))
        case .object(let object): return describe(object: object)
        }
    }

    private static func describe(object: [String: JSONValue]) -> String {
        for key in ["displayName", "spokenPhrase", "name", "identifier"] {
            if let text = object[key]?.stringValue, !text.isEmpty { return text }
        }
        if case .number(let amount)? = object["amount"] {
            return money(amount, currency: object["currencyCode"]?.stringValue)
        }
        if object["year"] != nil || object["hour"] != nil || object["day"] != nil {
            return describe(components: object)
        }
        if let start = object["startDateComponents"]?.objectValue {
            return describe(components: start)
        }
        if let phrase = object["value"] { return describe(phrase) }
        return object.keys.sorted().compactMap { object[$0].map(describe) }.joined(separator: ", ")
    }

    /// "$20.00", "€5.50", "1,000 JPY".
    public static func money(_ amount: Double, currency: String?) -> String {
        let code = currency ?? ""
        let digits = code == "JPY" ? 0 : 2
        let formatted = String(format: "%.\(digits)f", amount)
        switch code {
        case "USD": return "$" + formatted
        case "EUR": return "€" + formatted
        case "GBP": return "£" + formatted
        case "JPY": return "¥" + formatted
        case "": return formatted
        default: return "\(formatted) \(code)"
        }
    }

    static func formatted(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// "Bobo", "Bobo and Kiki", "Bobo, Kiki and Coco".
    public static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
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
        guard let first = text.first, first.isLowercase, !text.contains(" ") else { return false }
        return text.contains { $0.isUppercase } && text.allSatisfy { $0.isLetter }
    }

    static func isoDate(_ text: String) -> Date? {
        guard text.count >= 20, text.hasSuffix("Z"), text.contains("T") else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }

    static func describe(date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMM d, HH:mm"
        return formatter.string(from: date)
    }

    private static func describe(components: [String: JSONValue]) -> String {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                      "October", "November", "December"]
        var parts: [String] = []
        if case .number(let month)? = components["month"], (1...12).contains(Int(month)) {
            var text = months[Int(month) - 1]
            if case .number(let day)? = components["day"] { text += " \(Int(day))" }
            parts.append(text)
        } else if case .number(let day)? = components["day"] {
            parts.append("day \(Int(day))")
        }
        if case .number(let hour)? = components["hour"] {
            let minute: Int
            if case .number(let value)? = components["minute"] { minute = Int(value) } else { minute = 0 }
            parts.append(String(format: "%02d:%02d", Int(hour), minute))
        }
        if parts.isEmpty, case .number(let year)? = components["year"] { parts.append(String(Int(year))) }
        return parts.joined(separator: ", ")
    }
}

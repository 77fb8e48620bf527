import Foundation
import ParlanceCore

/// Words for values in the SDK's JSON form: a person's name, an amount with its currency, a place,
/// a date — in the conversation's language ("en", "fr"), with the words and patterns of its replies file
/// (`value.…`, `number.decimal`, `money`, `list.and.…`, `date.…`). Used in questions, options and results.
public enum ValueText {
    /// The value as a short phrase.
    public static func describe(_ value: JSONValue, language: String = "en") -> String {
        switch value {
        case .string(let text):
            if let date = isoDate(text) { return describe(date: date, language: language) }
            if isCaseName(text) { return words(text) }
            return text
        case .number(let number): return formatted(number, language: language)
        case .bool(let flag): return ReplyLanguages.catalog(code: language).text(flag ? "value.yes" : "value.no")
        case .null: return ReplyLanguages.catalog(code: language).text("value.nothing")
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
        let catalog = ReplyLanguages.catalog(code: language)
        let number = String(format: "%.\(digits)f", amount).replacingOccurrences(of: ".", with: catalog.text("number.decimal"))
        return catalog.text("money", ["amount": .text(number), "currency": code.isEmpty ? nil : .text(code)])
    }

    static func formatted(_ value: Double, language: String = "en") -> String {
        let text = value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        return text.replacingOccurrences(of: ".", with: ReplyLanguages.catalog(code: language).text("number.decimal"))
    }

    /// "Bobo", "Bobo and Kiki", "Bobo, Kiki and Coco" ("et" in French).
    public static func list(_ items: [String], language: String = "en") -> String {
        ReplyFormatter(catalog: ReplyLanguages.catalog(code: language)).list(.list(items), style: "and", item: nil)
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
        let catalog = ReplyLanguages.catalog(code: language)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: catalog.text("date.locale"))
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = catalog.text("date.pattern")
        return formatter.string(from: date)
    }

    /// A date's parts as an app gives them (month, day, hour and minute, or a year alone), through the
    /// language's `date.…` messages.
    private static func describe(components: [String: JSONValue], language: String) -> String {
        let catalog = ReplyLanguages.catalog(code: language)
        func part(_ name: String) -> Int? {
            if case .number(let number)? = components[name] { return whole(number) }
            return nil
        }
        var date: String?
        let monthName = part("month").flatMap { catalog.optionalText("date.months.\($0)") }
        if let monthName {
            date = part("day").map { catalog.text("date.monthDay", ["month": .text(monthName), "day": .text(String($0))]) }
                ?? catalog.text("date.month", ["month": .text(monthName)])
        } else if let day = part("day") {
            date = catalog.text("date.day", ["day": .text(String(day))])
        }
        if let hour = part("hour") {
            let time = catalog.text("date.time", ["hour": .text(String(format: "%02d", hour)),
                                                  "minute": .text(String(format: "%02d", part("minute") ?? 0))])
            guard let date else { return catalog.text("date.timeAlone", ["time": .text(time)]) }
            return catalog.text("date.dateAndTime", ["date": .text(date), "time": .text(time)])
        }
        if let date { return date }
        return part("year").map { catalog.text("date.year", ["year": .text(String($0))]) } ?? ""
    }
}

/// A number from a JSON value (an app's answer can hold any) as an `Int`, clamped first so that no value
/// stops the assistant.
func whole(_ number: Double) -> Int {
    guard number.isFinite else { return 0 }
    return Int(max(-1_000_000_000, min(1_000_000_000, number)))
}

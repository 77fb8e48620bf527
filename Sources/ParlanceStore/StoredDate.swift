import Foundation
import GRDB

/// How the store writes and reads moments: text "yyyy-MM-dd HH:mm:ss.SSS" in UTC, the form GRDB gives a
/// `Date` (so homes written before read the same), computed here with integer calendar arithmetic.
/// GRDB's own conversion goes through a `DateFormatter` and an ICU calendar, which load several
/// megabytes of ICU data into every process that saves a conversation turn.
enum StoredDate {
    private static let millisecondsPerDay: Int64 = 86_400_000

    /// The text stored for a moment (milliseconds are truncated).
    static func text(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let (days, time) = floorDivision(milliseconds, millisecondsPerDay)
        let (year, month, day) = civilDate(daysSince1970: days)
        let hour = time / 3_600_000, minute = time / 60_000 % 60, second = time / 1000 % 60, fraction = time % 1000
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2)) \(padded(hour, 2)):\(padded(minute, 2)):\(padded(second, 2)).\(padded(fraction, 3))"
    }

    /// The moment a stored value means: text as `text(_:)` writes it (seconds, fraction and time may be
    /// missing; "T" may separate date and time), or a number of seconds since 1970. Nil for anything else.
    static func date(_ value: DatabaseValue) -> Date? {
        switch value.storage {
        case .string(let text): return date(text: text)
        case .int64(let seconds): return Date(timeIntervalSince1970: Double(seconds))
        case .double(let seconds): return seconds.isFinite ? Date(timeIntervalSince1970: seconds) : nil
        case .null, .blob: return nil
        }
    }

    /// The moment of a stored text, or nil when it is not one. Labelled, unlike `date(_:)`: with both
    /// unlabelled, `date(row["column"])` chose this one and read the column as a non-optional `String`,
    /// which traps on NULL.
    static func date(text: String) -> Date? {
        var digits = Array(text.utf8)[...]
        func number(_ count: Int) -> Int64? {
            guard digits.count >= count else { return nil }
            var value: Int64 = 0
            for byte in digits.prefix(count) {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            digits = digits.dropFirst(count)
            return value
        }
        func skip(_ separators: String) -> Bool {
            guard let first = digits.first, separators.utf8.contains(first) else { return false }
            digits = digits.dropFirst()
            return true
        }
        guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        var milliseconds = daysSince1970(year: year, month: month, day: day) * millisecondsPerDay
        if skip(" T") {
            guard let hour = number(2), hour < 24, skip(":"), let minute = number(2), minute < 60 else { return nil }
            milliseconds += hour * 3_600_000 + minute * 60_000
            if skip(":") {
                guard let second = number(2), second < 60 else { return nil }
                milliseconds += second * 1000
                if skip(".") {
                    var scale: Int64 = 100
                    while let digit = number(1) {
                        milliseconds += digit * scale
                        scale /= 10
                    }
                }
            }
        }
        guard digits.isEmpty else { return nil }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    // MARK: Proleptic Gregorian calendar arithmetic (days counted from 1970-01-01)

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor - (value % divisor < 0 ? 1 : 0)
        return (quotient, value - quotient * divisor)
    }

    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivision(shiftedYear, 400).0
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivision(shifted, 146_097).0
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

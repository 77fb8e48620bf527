import Foundation
import ParlanceCore

/// A stretch of calendar time the user named ("yesterday", "last week", "tomorrow at 8am"), as
/// the date components an `INDateComponentsRange` carries.
public struct DateSpan: Sendable, Equatable {
    /// The first day (and time, if one was said).
    public var start: DateComponents
    /// The last day (and time, if one was said).
    public var end: DateComponents

    /// The span's JSON form: `{"startDateComponents": {…}, "endDateComponents": {…}}`.
    var json: JSONValue {
        .object(["startDateComponents": Self.json(start), "endDateComponents": Self.json(end)])
    }

    private static func json(_ components: DateComponents) -> JSONValue {
        var object: [String: JSONValue] = [:]
        let fields: [(String, Int?)] = [("year", components.year), ("month", components.month), ("day", components.day),
                                        ("hour", components.hour), ("minute", components.minute)]
        for (name, value) in fields { if let value { object[name] = .number(Double(value)) } }
        return .object(object)
    }
}

/// The moment requests are understood against ("yesterday" depends on today), and the calendar to count in.
public struct ReferenceTime: Sendable {
    /// Now.
    public var now: Date
    /// The user's calendar and time zone.
    public var calendar: Calendar

    /// - Parameter calendar: whose time zone to use; nil: the system's. (Only its time zone is taken:
    ///   `Calendar.current` would load the locale's ICU calendar for nothing, on every request.)
    public init(now: Date = Date(), calendar: Calendar? = nil) {
        self.now = now
        let timeZone = calendar?.timeZone ?? TimeZone.current
        var gregorian = Self.mondayFirstGregorian
        if gregorian.timeZone != timeZone { gregorian.timeZone = timeZone }
        self.calendar = gregorian
    }

    /// The Gregorian calendar with weeks from Monday, made once.
    private static let mondayFirstGregorian: Calendar = {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = TimeZone.current
        gregorian.firstWeekday = 2
        return gregorian
    }()

    func day(_ date: Date) -> DateComponents {
        calendar.dateComponents([.year, .month, .day], from: date)
    }

    func adding(_ component: Calendar.Component, _ value: Int, to date: Date? = nil) -> Date {
        calendar.date(byAdding: component, value: value, to: date ?? now) ?? (date ?? now)
    }

    /// The whole week, month or year containing a date (weeks run Monday to Sunday).
    func span(of component: Calendar.Component, containing date: Date) -> DateSpan {
        guard let interval = calendar.dateInterval(of: component, for: date) else {
            return DateSpan(start: day(date), end: day(date))
        }
        return DateSpan(start: day(interval.start), end: day(interval.end.addingTimeInterval(-1)))
    }

    /// One day.
    func span(day date: Date) -> DateSpan {
        DateSpan(start: day(date), end: day(date))
    }
}

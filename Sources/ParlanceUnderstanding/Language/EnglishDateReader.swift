import Foundation

/// English dates and times: "today", "yesterday", "the day before yesterday", "last week",
/// "this month", "next year", "last weekend", "on Monday", "last Friday", "in June", "June 5th",
/// "the 5th of June 2024", "in 2023", "two days ago", "the past 3 days", "at 5pm", "at 7:30",
/// "at noon", "in 10 minutes", "tomorrow at 8am", "tonight at 9".
struct EnglishDateReader: DateReading {
    private static let prepositions: Set<String> = ["on", "in", "from", "at", "during", "since", "over", "by"]
    private static let weekdays = ["monday": 2, "tuesday": 3, "wednesday": 4, "thursday": 5, "friday": 6,
                                   "saturday": 7, "sunday": 1, "mon": 2, "tue": 3, "tues": 3, "wed": 4, "thu": 5,
                                   "thur": 5, "thurs": 5, "fri": 6, "sat": 7, "sun": 1]
    private static let months = ["january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6,
                                 "july": 7, "august": 8, "september": 9, "october": 10, "november": 11,
                                 "december": 12, "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7,
                                 "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12]
    private static let periods: [String: Calendar.Component] = ["week": .weekOfYear, "month": .month, "year": .year,
                                                                 "weeks": .weekOfYear, "months": .month, "years": .year,
                                                                 "days": .day, "day": .day]

    func read(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        var index = start
        var usedPreposition = false
        if index < tokens.count, Self.prepositions.contains(tokens[index].key) {
            index += 1
            usedPreposition = true
        }
        if let (span, length) = dayAndTime(tokens, at: index, numbers: numbers, time: time) {
            return (span, index - start + length)
        }
        // "in 10 minutes", "in an hour"
        if usedPreposition, tokens[start].key == "in", let (moment, length) = offset(tokens, at: index, numbers: numbers, time: time) {
            return (moment, index - start + length)
        }
        return nil
    }

    /// A day or period, optionally followed or preceded by a time of day.
    private func dayAndTime(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        if let (clock, clockLength) = timeOfDay(tokens, at: start, numbers: numbers) {
            // "at 8am tomorrow"
            var index = start + clockLength
            var date = time.span(day: time.now)
            if let (span, length) = day(tokens, at: index, numbers: numbers, time: time) {
                date = span
                index += length
            }
            return (Self.at(clock, on: date), index - start)
        }
        guard let (span, length) = day(tokens, at: start, numbers: numbers, time: time) else { return nil }
        var index = start + length
        // "tomorrow at 8am", "tonight at 9"
        if index < tokens.count, tokens[index].key == "at" || tokens[index].key == "around",
           let (clock, clockLength) = timeOfDay(tokens, at: index + 1, numbers: numbers, pmHint: tokens[start].key == "tonight") {
            index += 1 + clockLength
            return (Self.at(clock, on: span), index - start)
        }
        return (span, length)
    }

    private static func at(_ clock: (hour: Int, minute: Int), on day: DateSpan) -> DateSpan {
        var moment = day.start
        moment.hour = clock.hour
        moment.minute = clock.minute
        return DateSpan(start: moment, end: moment)
    }

    private func day(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        guard start < tokens.count else { return nil }
        let key = tokens[start].key
        let next = start + 1 < tokens.count ? tokens[start + 1].key : ""
        switch key {
        case "today", "tonight": return (time.span(day: time.now), 1)
        case "yesterday": return (time.span(day: time.adding(.day, -1)), 1)
        case "tomorrow": return (time.span(day: time.adding(.day, 1)), 1)
        case "the" where next == "day" && start + 3 < tokens.count && tokens[start + 2].key == "before"
            && tokens[start + 3].key == "yesterday":
            return (time.span(day: time.adding(.day, -2)), 4)
        case "the" where next == "day" && start + 3 < tokens.count && tokens[start + 2].key == "after"
            && tokens[start + 3].key == "tomorrow":
            return (time.span(day: time.adding(.day, 2)), 4)
        case "this", "last", "next", "past", "previous", "coming":
            return relative(key, tokens, at: start + 1, numbers: numbers, time: time).map { ($0.0, $0.1 + 1) }
        default: break
        }
        if let weekday = Self.weekdays[key] {
            return (time.span(day: Self.weekday(weekday, direction: 0, time: time)), 1)
        }
        if let (span, length) = calendarDate(tokens, at: start, numbers: numbers, time: time) { return (span, length) }
        // "two days ago", "a week ago"
        if let amount = numbers.read(tokens, at: start) ?? (numbers.words.articles.contains(key) ? (1, 1) : nil),
           start + amount.length + 1 < tokens.count, let unit = Self.periods[tokens[start + amount.length].key],
           tokens[start + amount.length + 1].key == "ago" {
            let date = time.adding(unit, -amount.value.boundedInt)
            let span = unit == .day ? time.span(day: date) : time.span(of: unit, containing: date)
            return (span, amount.length + 2)
        }
        return nil
    }

    /// After "this", "last", "next", "past": a period, a weekday, a part of the day, or "N days".
    private func relative(_ word: String, _ tokens: [Token], at start: Int, numbers: NumberReader,
                          time: ReferenceTime) -> (DateSpan, Int)? {
        guard start < tokens.count else { return nil }
        let key = tokens[start].key
        let direction = word == "this" ? 0 : (word == "next" || word == "coming" ? 1 : -1)
        switch key {
        case "night" where word == "last": return (time.span(day: time.adding(.day, -1)), 1)
        case "morning" where word == "this", "afternoon" where word == "this", "evening" where word == "this",
             "night" where word == "this":
            return (time.span(day: time.now), 1)
        case "weekend":
            let saturday = Self.weekday(7, direction: direction == 0 ? 1 : direction, time: time, includeToday: true)
            return (DateSpan(start: time.day(saturday), end: time.day(time.adding(.day, 1, to: saturday))), 1)
        default: break
        }
        if let component = Self.periods[key], component != .day {
            let date = time.adding(component, direction)
            return (time.span(of: component, containing: date), 1)
        }
        if let weekday = Self.weekdays[key] {
            return (time.span(day: Self.weekday(weekday, direction: direction, time: time)), 1)
        }
        // "the past 3 days", "last two weeks"
        if word != "this", word != "next", let amount = numbers.read(tokens, at: start),
           start + amount.length < tokens.count, let unit = Self.periods[tokens[start + amount.length].key] {
            let begin = time.adding(unit, -amount.value.boundedInt)
            return (DateSpan(start: time.day(begin), end: time.day(time.now)), amount.length + 1)
        }
        return nil
    }

    /// "June 5th", "June 5 2024", "the 5th of June", "5 June", "in June", "June 2024", "2023".
    private func calendarDate(_ tokens: [Token], at start: Int, numbers: NumberReader,
                              time: ReferenceTime) -> (DateSpan, Int)? {
        var index = start
        if index < tokens.count, tokens[index].key == "the" { index += 1 }
        var day: Int?
        var month: Int?
        if index < tokens.count, let ordinal = numbers.ordinal(tokens, at: index), ordinal > 0,
           index + 1 < tokens.count {
            let after = tokens[index + 1].key == "of" ? index + 2 : index + 1
            if after < tokens.count, let found = Self.months[tokens[after].key] {
                day = ordinal
                month = found
                index = after + 1
            }
        } else if index < tokens.count, tokens[index].kind == .number, let value = Int(tokens[index].key), (1...31).contains(value),
                  index + 1 < tokens.count, let found = Self.months[tokens[index + 1].key] {
            day = value
            month = found
            index += 2
        }
        // "May" and a bare year are dates only after a preposition ("in May", "from 2023") or with more date
        // around them ("May 5th", "the 5th of May"): "we may", "call 2024" are not dates.
        let afterPreposition = start > 0 && Self.prepositions.contains(tokens[start - 1].key)
        if month == nil, index < tokens.count, let found = Self.months[tokens[index].key], tokens[index].key != "may"
            || afterPreposition || index > start || (index + 1 < tokens.count && tokens[index + 1].kind == .number) {
            month = found
            index += 1
            if index < tokens.count, let ordinal = numbers.ordinal(tokens, at: index), (1...31).contains(ordinal) {
                day = ordinal
                index += 1
            } else if index < tokens.count, tokens[index].kind == .number, let value = Int(tokens[index].key),
                      (1...31).contains(value) {
                day = value
                index += 1
            }
        }
        var year: Int?
        if index < tokens.count, tokens[index].kind == .number, let value = Int(tokens[index].key), (1900...2100).contains(value) {
            year = value
            index += 1
        }
        if month == nil, day == nil, let year, afterPreposition, index - start == 1 {
            var first = DateComponents()
            first.year = year
            first.month = 1
            first.day = 1
            var last = first
            last.month = 12
            last.day = 31
            return (DateSpan(start: first, end: last), index - start)
        }
        guard let month else { return nil }
        let currentYear = time.calendar.component(.year, from: time.now)
        let currentMonth = time.calendar.component(.month, from: time.now)
        // Without a year, a month after the current one means last year's (people search the past).
        let resolvedYear = year ?? (month > currentMonth ? currentYear - 1 : currentYear)
        var first = DateComponents()
        first.year = resolvedYear
        first.month = month
        first.day = day ?? 1
        let daysInMonth = time.calendar.range(of: .day, in: .month,
                                              for: time.calendar.date(from: DateComponents(year: resolvedYear, month: month, day: 1))
                                                ?? time.now)?.count ?? 31
        guard first.day ?? 1 <= daysInMonth else { return nil } // "February 30th" is no date
        var last = first
        if day == nil {
            last.day = daysInMonth
        }
        return (DateSpan(start: first, end: last), index - start)
    }

    /// "5pm", "5 pm", "7:30", "17:00", "noon", "midnight", "8 in the morning".
    private func timeOfDay(_ tokens: [Token], at start: Int, numbers: NumberReader,
                           pmHint: Bool = false) -> ((hour: Int, minute: Int), Int)? {
        guard start < tokens.count else { return nil }
        switch tokens[start].key {
        case "noon", "midday": return ((12, 0), 1)
        case "midnight": return ((0, 0), 1)
        default: break
        }
        guard let number = numbers.read(tokens, at: start), number.value >= 0, number.value < 24 else { return nil }
        var hour = Int(number.value)
        var minute = Int(((number.value - Double(hour)) * 100).rounded())
        var index = start + number.length
        var explicit = false
        if index + 1 < tokens.count, tokens[index].key == ":", tokens[index + 1].kind == .number,
           let minutes = Int(tokens[index + 1].key), minutes < 60 {
            minute = minutes
            index += 2
            explicit = true
        }
        if index < tokens.count {
            switch tokens[index].key {
            case "pm", "p.m":
                if hour < 12 { hour += 12 }
                index += 1
                explicit = true
            case "am", "a.m":
                if hour == 12 { hour = 0 }
                index += 1
                explicit = true
            case "o'clock", "oclock":
                index += 1
                explicit = true
            default: break
            }
        }
        guard explicit || pmHint || number.length > 0 && tokens[start].kind == .number && start > 0
            && tokens[start - 1].key == "at" else { return nil }
        if !explicit, pmHint, hour < 12 { hour += 12 }
        guard minute < 60 else { return nil }
        return ((hour, minute), index - start)
    }

    /// "in 10 minutes", "in an hour", "in half an hour": a moment from now.
    private func offset(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        var amount: (value: Double, length: Int)?
        if let number = numbers.read(tokens, at: start) {
            amount = number
        } else if start < tokens.count, numbers.words.articles.contains(tokens[start].key) {
            amount = (1, 1)
        } else if start + 1 < tokens.count, let fraction = numbers.words.fractions[tokens[start].key],
                  numbers.words.articles.contains(tokens[start + 1].key) {
            amount = (fraction, 2)
        }
        guard let amount, start + amount.length < tokens.count else { return nil }
        let seconds: Double
        switch tokens[start + amount.length].key {
        case "minute", "minutes", "min", "mins": seconds = 60
        case "hour", "hours", "hr", "hrs": seconds = 3600
        default: return nil
        }
        let moment = time.now.addingTimeInterval(amount.value * seconds)
        let components = time.calendar.dateComponents([.year, .month, .day, .hour, .minute], from: moment)
        return (DateSpan(start: components, end: components), amount.length + 1)
    }

    /// The date of a weekday: direction 0 is the most recent one (today included), -1 the one before
    /// that week's, 1 the next one.
    private static func weekday(_ weekday: Int, direction: Int, time: ReferenceTime, includeToday: Bool = false) -> Date {
        let today = time.calendar.component(.weekday, from: time.now)
        var back = (today - weekday + 7) % 7
        switch direction {
        case 1:
            var ahead = (weekday - today + 7) % 7
            if ahead == 0 && !includeToday { ahead = 7 }
            return time.adding(.day, ahead)
        case -1:
            if back == 0 { back = 7 }
            return time.adding(.day, -back)
        default:
            return time.adding(.day, -back)
        }
    }
}

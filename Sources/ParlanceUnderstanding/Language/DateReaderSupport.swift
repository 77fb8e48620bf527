import Foundation

/// What every language's date reader needs beyond its words: a time on a day, the date of a weekday,
/// a day or month of the calendar, a moment some minutes away, and tables folded like token keys.
enum DateReaderSupport {
    /// The day's span narrowed to a time of day.
    static func at(_ clock: (hour: Int, minute: Int), on day: DateSpan) -> DateSpan {
        var moment = day.start
        moment.hour = clock.hour
        moment.minute = clock.minute
        return DateSpan(start: moment, end: moment)
    }

    /// The date of a weekday (1 = Sunday): direction 0 is the most recent one (today included), -1 the
    /// one before that week's, 1 the next one.
    static func weekday(_ weekday: Int, direction: Int, time: ReferenceTime) -> Date {
        let today = time.calendar.component(.weekday, from: time.now)
        switch direction {
        case 1:
            let ahead = (weekday - today + 7) % 7
            return time.adding(.day, ahead == 0 ? 7 : ahead)
        case -1:
            let back = (today - weekday + 7) % 7
            return time.adding(.day, -(back == 0 ? 7 : back))
        default:
            return time.adding(.day, -((today - weekday + 7) % 7))
        }
    }

    /// A day of a month, or the whole month without a day. Without a year, a month after the current
    /// one means last year's (people search the past). Nil for a day the month doesn't have.
    static func calendarSpan(year: Int?, month: Int, day: Int?, time: ReferenceTime) -> DateSpan? {
        let currentYear = time.calendar.component(.year, from: time.now)
        let currentMonth = time.calendar.component(.month, from: time.now)
        let resolvedYear = year ?? (month > currentMonth ? currentYear - 1 : currentYear)
        let daysInMonth = time.calendar.range(of: .day, in: .month,
                                              for: time.calendar.date(from: DateComponents(year: resolvedYear, month: month, day: 1))
                                                ?? time.now)?.count ?? 31
        guard (day ?? 1) <= daysInMonth else { return nil }
        return DateSpan(start: DateComponents(year: resolvedYear, month: month, day: day ?? 1),
                        end: DateComponents(year: resolvedYear, month: month, day: day ?? daysInMonth))
    }

    /// The whole of a year.
    static func yearSpan(_ year: Int) -> DateSpan {
        DateSpan(start: DateComponents(year: year, month: 1, day: 1), end: DateComponents(year: year, month: 12, day: 31))
    }

    /// The moment `amount × seconds` from now.
    static func fromNow(_ amount: Double, seconds: Double, time: ReferenceTime) -> DateSpan {
        let moment = time.now.addingTimeInterval(amount * seconds)
        let components = time.calendar.dateComponents([.year, .month, .day, .hour, .minute], from: moment)
        return DateSpan(start: components, end: components)
    }

    /// A table with its keys folded like token keys ("année" → "annee").
    static func fold<V>(_ table: [String: V]) -> [String: V] {
        Dictionary(table.map { (TextFolding.key($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Words folded like token keys.
    static func fold(_ words: [String]) -> Set<String> { Set(words.map { TextFolding.key($0) }) }

    /// The keys of `count` tokens from `start` joined, for words written without spaces; "" past the end.
    static func text(_ tokens: [Token], _ start: Int, _ count: Int) -> String {
        guard start >= 0, start + count <= tokens.count else { return "" }
        return tokens[start..<(start + count)].map(\.key).joined()
    }

    /// A time of day on its own (a bare hour only after one of `atWords`: "à 15h", "um 15"), else a day
    /// with, optionally, one of `atWords` and a time on it ("demain à 8h", "morgen Abend um 8").
    /// `evening` says whether the day read as `dayStart..<dayEnd` means an evening hour, and how many
    /// words after it to skip ("Abend"); `clock(at, explicit, evening)` reads the language's times.
    static func dayWithTime(_ tokens: [Token], at start: Int, time: ReferenceTime, atWords: Set<String>,
                            day: (Int) -> (DateSpan, Int)?,
                            clock: (_ at: Int, _ explicit: Bool, _ evening: Bool) -> ((hour: Int, minute: Int), Int)?,
                            evening: (_ dayStart: Int, _ dayEnd: Int) -> (isEvening: Bool, skip: Int)) -> (DateSpan, Int)? {
        let afterAtWord = start > 0 && atWords.contains(tokens[start - 1].key)
        if let (hourAndMinute, length) = clock(start, afterAtWord, false) {
            return (at(hourAndMinute, on: time.span(day: time.now)), length)
        }
        guard let (span, length) = day(start) else { return nil }
        let (isEvening, skip) = evening(start, start + length)
        var index = start + length + skip
        if index < tokens.count, atWords.contains(tokens[index].key),
           let (hourAndMinute, clockLength) = clock(index + 1, true, isEvening) {
            index += 1 + clockLength
            return (at(hourAndMinute, on: span), index - start)
        }
        return (span, index - start)
    }

    /// The end of a date written with a month name: a year after the month ("5 mars 2027"), or a year on
    /// its own when the word before allows it (`yearAlone`: "en 2025", "im Jahr 2025"), then the span.
    /// `index` is where the year may start; `day` and `month` are what the language's reader found.
    static func monthDate(_ tokens: [Token], from start: Int, yearAt index: Int, day: Int?, month: Int?,
                          yearAlone: Bool, time: ReferenceTime) -> (DateSpan, Int)? {
        var index = index
        var year: Int?
        if index < tokens.count, tokens[index].kind == .number, let value = Int(tokens[index].key), (1900...2100).contains(value) {
            year = value
            index += 1
        }
        if month == nil, let year, yearAlone, index - start == 1 { return (yearSpan(year), 1) }
        guard let month, let span = calendarSpan(year: year, month: month, day: day, time: time) else { return nil }
        return (span, index - start)
    }

    /// The words of a clock time written without spaces ("下午3点半", "午後3時半").
    struct HanClockWords {
        /// Words before the hour that make it afternoon or evening ("下午", "午後").
        var afternoon: [String]
        /// Words before the hour that keep it in the morning ("上午", "午前").
        var morning: [String]
        /// The word for noon ("中午", "正午").
        var noon: String
        /// Words after the hour ("点", "時").
        var hourSuffixes: Set<String>
    }

    /// "下午3点", "3点半", "15时30分", "15:30", "午後3時半", "正午": an hour and minute, and how many tokens.
    static func hanTimeOfDay(_ tokens: [Token], at start: Int, numbers: NumberReader,
                             words: HanClockWords) -> ((hour: Int, minute: Int), Int)? {
        var index = start
        var afternoon = false
        if let part = words.afternoon.first(where: { text(tokens, index, $0.count) == $0 }) {
            afternoon = true
            index += part.count
        }
        if let part = words.morning.first(where: { text(tokens, index, $0.count) == $0 }) { index += part.count }
        if text(tokens, index, words.noon.count) == words.noon { return ((12, 0), index + words.noon.count - start) }
        guard let number = numbers.read(tokens, at: index), number.value >= 0, number.value < 24 else { return nil }
        var hour = Int(number.value)
        var minute = 0
        index += number.length
        if index + 1 < tokens.count, tokens[index].key == ":", let minutes = Int(tokens[index + 1].key), minutes < 60 {
            minute = minutes
            index += 2
        } else if index < tokens.count, words.hourSuffixes.contains(tokens[index].key) {
            index += 1
            if text(tokens, index, 1) == "半" {
                minute = 30
                index += 1
            } else if let minutes = numbers.read(tokens, at: index), text(tokens, index + minutes.length, 1) == "分",
                      minutes.value >= 0, minutes.value < 60 {
                minute = Int(minutes.value)
                index += minutes.length + 1
            }
        } else {
            return nil
        }
        if afternoon, hour < 12 { hour += 12 }
        return ((hour, minute), index - start)
    }

    /// A moment from now written without spaces: a number, a unit word (its length in seconds) and the
    /// word for "later" ("10分钟后", "1時間後").
    static func hanLater(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime,
                         units: [(word: String, seconds: Double)], after: String) -> (DateSpan, Int)? {
        guard let amount = numbers.read(tokens, at: start) else { return nil }
        var index = start + amount.length
        guard let unit = units.first(where: { text(tokens, index, $0.word.count) == $0.word }) else { return nil }
        index += unit.word.count
        guard text(tokens, index, 1) == after else { return nil }
        return (fromNow(amount.value, seconds: unit.seconds, time: time), index + 1 - start)
    }

    /// A date written with 年, 月 and a day suffix (Chinese 日 or 号, Japanese 日): "2024年3月5日", "3月", "2023年".
    static func hanDate(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime,
                        daySuffixes: Set<String>) -> (DateSpan, Int)? {
        var index = start
        var year: Int?
        // "2025年", and "二〇二五年" written digit by digit
        if let number = numbers.read(tokens, at: index), index + number.length < tokens.count,
           (1900...2100).contains(number.value), tokens[index + number.length].key == "年" {
            year = Int(number.value)
            index += number.length + 1
        }
        var month: Int?
        var day: Int?
        if let number = numbers.read(tokens, at: index), index + number.length < tokens.count,
           tokens[index + number.length].key == "月", (1...12).contains(number.value.boundedInt) {
            month = Int(number.value)
            index += number.length + 1
            if let dayNumber = numbers.read(tokens, at: index), index + dayNumber.length < tokens.count,
               daySuffixes.contains(tokens[index + dayNumber.length].key), (1...31).contains(dayNumber.value.boundedInt) {
                day = Int(dayNumber.value)
                index += dayNumber.length + 1
            }
        }
        if month == nil, let year { return (yearSpan(year), index - start) }
        guard let month, let span = calendarSpan(year: year, month: month, day: day, time: time) else { return nil }
        return (span, index - start)
    }

    /// "in 10 minutes", "dans une heure", "tra mezz'ora": an amount (a number, or a word in `amountWords`
    /// such as "une" or "mezz'") and a unit in `units` (seconds per unit), as a moment from now.
    static func later(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime,
                      amountWords: [String: Double], units: [String: Double]) -> (DateSpan, Int)? {
        guard start < tokens.count else { return nil }
        var amount: (value: Double, length: Int)? = numbers.read(tokens, at: start)
        if amount == nil, let value = amountWords[tokens[start].key] { amount = (value, 1) }
        guard let amount, start + amount.length < tokens.count,
              let seconds = units[tokens[start + amount.length].key] else { return nil }
        return (fromNow(amount.value, seconds: seconds, time: time), amount.length + 1)
    }
}

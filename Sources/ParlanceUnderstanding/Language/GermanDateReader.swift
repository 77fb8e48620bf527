import Foundation

/// German dates and times: "heute", "gestern", "vorgestern", "morgen", "übermorgen", "heute Abend",
/// "(am) Montag", "letzten Montag", "letzte Woche", "nächsten Monat", "letztes Jahr", "diese Woche",
/// "am 5. März", "5. März 2024", "im März", "im Jahr 2023", "vor zwei Tagen", "um 15 Uhr",
/// "um 15:30", "um 8", "morgen um 8 Uhr", "in 10 Minuten".
struct GermanDateReader: DateReading {
    /// "Dans une heure", "in einer Stunde", "tra mezz'ora": amounts and units of time from now.
    private static let laterAmounts: [String: Double] = DateReaderSupport.fold(["einer": 1, "einem": 1, "eine": 1])
    private static let laterUnits: [String: Double] = DateReaderSupport.fold(["minute": 60, "minuten": 60, "min": 60, "stunde": 3600, "stunden": 3600])

    private static let prepositions = DateReaderSupport.fold(["am", "im", "an", "von", "vom", "seit", "um", "für", "ab", "im jahr"])
    private static let weekdays = DateReaderSupport.fold(["montag": 2, "dienstag": 3, "mittwoch": 4, "donnerstag": 5, "freitag": 6,
                                        "samstag": 7, "sonnabend": 7, "sonntag": 1])
    private static let months = DateReaderSupport.fold(["januar": 1, "jänner": 1, "februar": 2, "märz": 3, "april": 4, "mai": 5,
                                      "juni": 6, "juli": 7, "august": 8, "september": 9, "oktober": 10,
                                      "november": 11, "dezember": 12])
    private static let periods: [String: Calendar.Component] = DateReaderSupport.fold(["woche": .weekOfYear, "monat": .month,
                                                                      "jahr": .year, "wochen": .weekOfYear,
                                                                      "monaten": .month, "jahren": .year,
                                                                      "tagen": .day, "tag": .day, "tage": .day])
    private static let past = DateReaderSupport.fold(["letzte", "letzten", "letzter", "letztes", "vergangene", "vergangenen",
                                    "vergangenes", "vorige", "vorigen", "voriges"])
    private static let future = DateReaderSupport.fold(["nächste", "nächsten", "nächster", "nächstes", "kommende", "kommenden"])
    private static let this = DateReaderSupport.fold(["diese", "diesen", "dieser", "dieses"])

    func read(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        var index = start
        if index < tokens.count, Self.prepositions.contains(tokens[index].key) { index += 1 }
        if let found = dayAndTime(tokens, at: index, numbers: numbers, time: time) { return (found.0, index - start + found.1) }
        if start < tokens.count, tokens[start].key == "in", let found = DateReaderSupport.later(tokens, at: start + 1, numbers: numbers, time: time,
                                                   amountWords: Self.laterAmounts, units: Self.laterUnits) {
            return (found.0, found.1 + 1)
        }
        return nil
    }

    private func dayAndTime(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        DateReaderSupport.dayWithTime(
            tokens, at: start, time: time, atWords: ["um"],
            day: { day(tokens, at: $0, numbers: numbers, time: time) },
            clock: { timeOfDay(tokens, at: $0, numbers: numbers, explicitContext: $1, pmHint: $2) },
            evening: { _, dayEnd in
                dayEnd < tokens.count && ["abend", "nacht"].contains(tokens[dayEnd].key) ? (true, 1) : (false, 0)
            })
    }


    private func day(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        guard start < tokens.count else { return nil }
        let key = tokens[start].key
        let next = start + 1 < tokens.count ? tokens[start + 1].key : ""
        switch key {
        case "heute": return (time.span(day: time.now), 1)
        case "gestern": return (time.span(day: time.adding(.day, -1)), 1)
        case "vorgestern": return (time.span(day: time.adding(.day, -2)), 1)
        case "morgen": return (time.span(day: time.adding(.day, 1)), 1)
        case TextFolding.key("übermorgen"): return (time.span(day: time.adding(.day, 2)), 1)
        case "vor":
            // "vor zwei Tagen"
            if let amount = numbers.read(tokens, at: start + 1), start + 1 + amount.length < tokens.count,
               let unit = Self.periods[tokens[start + 1 + amount.length].key] {
                let date = time.adding(unit, -amount.value.boundedInt)
                return (unit == .day ? time.span(day: date) : time.span(of: unit, containing: date), 2 + amount.length)
            }
        default: break
        }
        if Self.past.contains(key) || Self.future.contains(key) || Self.this.contains(key) {
            let direction = Self.past.contains(key) ? -1 : Self.future.contains(key) ? 1 : 0
            if let component = Self.periods[next], component != .day {
                return (time.span(of: component, containing: time.adding(component, direction)), 2)
            }
            if let weekday = Self.weekdays[next] {
                return (time.span(day: DateReaderSupport.weekday(weekday, direction: direction, time: time)), 2)
            }
        }
        if let weekday = Self.weekdays[key] {
            return (time.span(day: DateReaderSupport.weekday(weekday, direction: 0, time: time)), 1)
        }
        return calendarDate(tokens, at: start, time: time)
    }

    /// "5. März", "5. März 2024", "März", "2023" (after "im Jahr").
    private func calendarDate(_ tokens: [Token], at start: Int, time: ReferenceTime) -> (DateSpan, Int)? {
        var index = start
        var day: Int?
        if index + 2 < tokens.count, tokens[index].kind == .number, let value = Int(tokens[index].key), (1...31).contains(value),
           tokens[index + 1].key == ".", Self.months[tokens[index + 2].key] != nil {
            day = value
            index += 2
        }
        var month: Int?
        if index < tokens.count, let found = Self.months[tokens[index].key] {
            let afterPreposition = start > 0 && Self.prepositions.contains(tokens[start - 1].key)
            if day != nil || afterPreposition || tokens[index].key != "mai" {
                month = found
                index += 1
            }
        }
        return DateReaderSupport.monthDate(tokens, from: start, yearAt: index, day: day, month: month,
                                           yearAlone: start > 0 && ["jahr", "im"].contains(tokens[start - 1].key), time: time)
    }

    /// "15 Uhr", "15:30", "15.30 Uhr", "8 Uhr 30", "Mittag", "Mitternacht"; a bare hour after "um".
    private func timeOfDay(_ tokens: [Token], at start: Int, numbers: NumberReader, explicitContext: Bool,
                           pmHint: Bool = false) -> ((hour: Int, minute: Int), Int)? {
        guard start < tokens.count else { return nil }
        switch tokens[start].key {
        case "mittag": return ((12, 0), 1)
        case "mitternacht": return ((0, 0), 1)
        default: break
        }
        guard tokens[start].kind == .number || explicitContext, let number = numbers.read(tokens, at: start),
              number.value >= 0, number.value < 24 else { return nil }
        var hour = Int(number.value)
        var minute = Int(((number.value - Double(hour)) * 100).rounded())
        var index = start + number.length
        var explicit = false
        if index + 1 < tokens.count, tokens[index].key == ":", let minutes = Int(tokens[index + 1].key), minutes < 60 {
            minute = minutes
            index += 2
            explicit = true
        }
        if index < tokens.count, tokens[index].key == "uhr" {
            index += 1
            explicit = true
            if index < tokens.count, tokens[index].kind == .number, let minutes = Int(tokens[index].key), minutes < 60 {
                minute = minutes
                index += 1
            }
        }
        guard explicit || explicitContext, minute < 60 else { return nil }
        if pmHint, hour < 12 { hour += 12 }
        return ((hour, minute), index - start)
    }


}

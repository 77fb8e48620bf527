import Foundation

/// Italian dates and times: "oggi", "ieri", "l'altro ieri", "domani", "dopodomani", "stasera",
/// "lunedì", "lunedì scorso", "la settimana scorsa", "il mese prossimo", "l'anno scorso",
/// "questa settimana", "il 5 marzo", "5 marzo 2024", "a marzo", "nel 2023", "due giorni fa",
/// "alle 15", "alle 15:30", "alle 8 di sera", "domani alle 8", "tra 10 minuti".
struct ItalianDateReader: DateReading {
    /// "Dans une heure", "in einer Stunde", "tra mezz'ora": amounts and units of time from now.
    private static let laterAmounts: [String: Double] = DateReaderSupport.fold(["un": 1, "un'": 1, "una": 1, "mezz'": 0.5])
    private static let laterUnits: [String: Double] = DateReaderSupport.fold(["minuto": 60, "minuti": 60, "ora": 3600, "ore": 3600])

    private static let prepositions = DateReaderSupport.fold(["il", "a", "ad", "nel", "di", "da", "dal", "del", "per", "verso", "alle", "all'"])
    private static let weekdays = DateReaderSupport.fold(["lunedì": 2, "martedì": 3, "mercoledì": 4, "giovedì": 5, "venerdì": 6,
                                        "sabato": 7, "domenica": 1])
    private static let months = DateReaderSupport.fold(["gennaio": 1, "febbraio": 2, "marzo": 3, "aprile": 4, "maggio": 5, "giugno": 6,
                                      "luglio": 7, "agosto": 8, "settembre": 9, "ottobre": 10, "novembre": 11,
                                      "dicembre": 12])
    private static let periods: [String: Calendar.Component] = DateReaderSupport.fold(["settimana": .weekOfYear, "mese": .month,
                                                                      "anno": .year, "settimane": .weekOfYear,
                                                                      "mesi": .month, "anni": .year, "giorni": .day,
                                                                      "giorno": .day])
    private static let past = DateReaderSupport.fold(["scorso", "scorsa", "passato", "passata"])
    private static let future = DateReaderSupport.fold(["prossimo", "prossima"])
    private static let this = DateReaderSupport.fold(["questo", "questa", "quest'"])

    func read(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        var index = start
        if index < tokens.count, Self.prepositions.contains(tokens[index].key) { index += 1 }
        if let found = dayAndTime(tokens, at: index, numbers: numbers, time: time) { return (found.0, index - start + found.1) }
        if index != start, let found = dayAndTime(tokens, at: start, numbers: numbers, time: time) { return found }
        if start < tokens.count, ["tra", "fra"].contains(tokens[start].key),
           let found = DateReaderSupport.later(tokens, at: start + 1, numbers: numbers, time: time,
                                                   amountWords: Self.laterAmounts, units: Self.laterUnits) {
            return (found.0, found.1 + 1)
        }
        return nil
    }

    private func dayAndTime(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        DateReaderSupport.dayWithTime(
            tokens, at: start, time: time, atWords: ["alle", "all'", "verso"],
            day: { day(tokens, at: $0, numbers: numbers, time: time) },
            clock: { timeOfDay(tokens, at: $0, numbers: numbers, explicitContext: $1, pmHint: $2) },
            evening: { dayStart, _ in (tokens[dayStart].key == "stasera", 0) })
    }


    private func day(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        guard start < tokens.count else { return nil }
        let key = tokens[start].key
        let next = start + 1 < tokens.count ? tokens[start + 1].key : ""
        switch key {
        case "oggi", "stasera", "stamattina", "stamani", "stanotte": return (time.span(day: time.now), 1)
        case "ieri": return (time.span(day: time.adding(.day, -1)), 1)
        case "domani": return (time.span(day: time.adding(.day, 1)), 1)
        case "dopodomani": return (time.span(day: time.adding(.day, 2)), 1)
        case "l'" where next == "altro" && start + 2 < tokens.count && tokens[start + 2].key == "ieri":
            return (time.span(day: time.adding(.day, -2)), 3)
        case "la", "il", "l'", "lo":
            if let component = Self.periods[next], component != .day, start + 2 < tokens.count {
                let word = tokens[start + 2].key
                if Self.past.contains(word) { return (time.span(of: component, containing: time.adding(component, -1)), 3) }
                if Self.future.contains(word) { return (time.span(of: component, containing: time.adding(component, 1)), 3) }
            }
        default: break
        }
        if Self.this.contains(key), let component = Self.periods[next], component != .day {
            return (time.span(of: component, containing: time.now), 2)
        }
        // "due giorni fa"
        if let amount = numbers.read(tokens, at: start), start + amount.length + 1 < tokens.count,
           let unit = Self.periods[tokens[start + amount.length].key], tokens[start + amount.length + 1].key == "fa" {
            let date = time.adding(unit, -amount.value.boundedInt)
            return (unit == .day ? time.span(day: date) : time.span(of: unit, containing: date), amount.length + 2)
        }
        if let weekday = Self.weekdays[key] {
            let direction = Self.past.contains(next) ? -1 : Self.future.contains(next) ? 1 : 0
            return (time.span(day: DateReaderSupport.weekday(weekday, direction: direction, time: time)), direction == 0 ? 1 : 2)
        }
        return calendarDate(tokens, at: start, time: time)
    }

    /// "il 5 marzo", "5 marzo 2024", "marzo", "2023" (after "nel").
    private func calendarDate(_ tokens: [Token], at start: Int, time: ReferenceTime) -> (DateSpan, Int)? {
        var index = start
        if index < tokens.count, tokens[index].key == "il" { index += 1 }
        var day: Int?
        if index + 1 < tokens.count, tokens[index].kind == .number, let value = Int(tokens[index].key), (1...31).contains(value),
           Self.months[tokens[index + 1].key] != nil {
            day = value
            index += 1
        }
        var month: Int?
        if index < tokens.count, let found = Self.months[tokens[index].key] {
            month = found
            index += 1
        }
        return DateReaderSupport.monthDate(tokens, from: start, yearAt: index, day: day, month: month,
                                           yearAlone: start > 0 && ["nel", "del"].contains(tokens[start - 1].key), time: time)
    }

    /// "15", "15:30", "8 di sera", "mezzogiorno", "mezzanotte" (a bare hour only after "alle").
    private func timeOfDay(_ tokens: [Token], at start: Int, numbers: NumberReader, explicitContext: Bool,
                           pmHint: Bool = false) -> ((hour: Int, minute: Int), Int)? {
        guard start < tokens.count else { return nil }
        switch tokens[start].key {
        case "mezzogiorno": return ((12, 0), 1)
        case "mezzanotte": return ((0, 0), 1)
        default: break
        }
        guard explicitContext, let number = numbers.read(tokens, at: start), number.value >= 0, number.value < 24
        else { return nil }
        var hour = Int(number.value)
        var minute = 0
        var index = start + number.length
        if index + 1 < tokens.count, tokens[index].key == ":", let minutes = Int(tokens[index + 1].key), minutes < 60 {
            minute = minutes
            index += 2
        }
        var evening = pmHint
        if index + 1 < tokens.count, tokens[index].key == "di", ["sera", "pomeriggio"].contains(tokens[index + 1].key) {
            evening = true
            index += 2
        }
        if evening, hour < 12 { hour += 12 }
        return ((hour, minute), index - start)
    }


}

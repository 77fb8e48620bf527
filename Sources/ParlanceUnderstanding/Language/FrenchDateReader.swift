import Foundation

/// French dates and times: "aujourd'hui", "hier", "avant-hier", "demain", "ce soir", "lundi",
/// "lundi dernier", "la semaine dernière", "le mois prochain", "l'année dernière", "cette semaine",
/// "le 5 mars", "5 mars 2024", "en mars", "en 2023", "il y a deux jours", "à 15h", "à 15h30",
/// "à 8 heures", "à midi", "demain à 8h", "dans 10 minutes".
struct FrenchDateReader: DateReading {
    /// "Dans une heure", "in einer Stunde", "tra mezz'ora": amounts and units of time from now.
    private static let laterAmounts: [String: Double] = DateReaderSupport.fold(["un": 1, "une": 1])
    private static let laterUnits: [String: Double] = DateReaderSupport.fold(["minute": 60, "minutes": 60, "min": 60, "heure": 3600, "heures": 3600, "h": 3600, "demi-heure": 1800])

    private static let prepositions: Set<String> = Set(["le", "en", "à", "depuis", "pour", "du", "de", "vers", "pendant"].map { TextFolding.key($0) })
    private static let weekdays = DateReaderSupport.fold(["lundi": 2, "mardi": 3, "mercredi": 4, "jeudi": 5, "vendredi": 6, "samedi": 7,
                                   "dimanche": 1])
    private static let months = DateReaderSupport.fold(["janvier": 1, "février": 2, "fevrier": 2, "mars": 3, "avril": 4, "mai": 5, "juin": 6,
                                 "juillet": 7, "août": 8, "aout": 8, "septembre": 9, "octobre": 10, "novembre": 11,
                                 "décembre": 12, "decembre": 12])
    private static let periods: [String: Calendar.Component] = DateReaderSupport.fold(["semaine": .weekOfYear, "mois": .month, "année": .year,
                                                                 "an": .year, "semaines": .weekOfYear, "années": .year,
                                                                 "ans": .year, "jours": .day, "jour": .day])
    private static let past: Set<String> = Set(["dernier", "dernière", "passé", "passée", "précédent", "précédente"].map { TextFolding.key($0) })
    private static let future: Set<String> = Set(["prochain", "prochaine", "suivant", "suivante"].map { TextFolding.key($0) })

    func read(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        var index = start
        if index < tokens.count, Self.prepositions.contains(tokens[index].key),
           index + 1 < tokens.count, !["le", "la", "l'"].contains(tokens[index].key) || true {
            index += 1
        }
        if let found = dayAndTime(tokens, at: index, numbers: numbers, time: time) { return (found.0, index - start + found.1) }
        if index != start, let found = dayAndTime(tokens, at: start, numbers: numbers, time: time) { return found }
        // "dans 10 minutes"
        if start < tokens.count, tokens[start].key == "dans", let found = DateReaderSupport.later(tokens, at: start + 1, numbers: numbers, time: time,
                                                   amountWords: Self.laterAmounts, units: Self.laterUnits) {
            return (found.0, found.1 + 1)
        }
        return nil
    }

    private func dayAndTime(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        DateReaderSupport.dayWithTime(
            tokens, at: start, time: time, atWords: ["a", "vers"],
            day: { day(tokens, at: $0, numbers: numbers, time: time) },
            clock: { timeOfDay(tokens, at: $0, numbers: numbers, explicitContext: $1, pmHint: $2) },
            evening: { dayStart, _ in
                (tokens[dayStart].key == "ce" && dayStart + 1 < tokens.count && tokens[dayStart + 1].key == "soir", 0)
            })
    }


    private func day(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        guard start < tokens.count else { return nil }
        let key = tokens[start].key
        let next = start + 1 < tokens.count ? tokens[start + 1].key : ""
        switch key {
        case "aujourd'hui", "aujourdhui": return (time.span(day: time.now), 1)
        case "hier": return (time.span(day: time.adding(.day, -1)), 1)
        case "demain": return (time.span(day: time.adding(.day, 1)), 1)
        case "avant-hier": return (time.span(day: time.adding(.day, -2)), 1)
        case "apres-demain": return (time.span(day: time.adding(.day, 2)), 1)
        case "ce" where ["soir", "matin", "midi"].contains(next), "cet" where next == "apres-midi":
            return (time.span(day: time.now), 2)
        case "ce", "cette", "cet":
            if let component = Self.periods[next], component != .day {
                return (time.span(of: component, containing: time.now), 2)
            }
        case "la", "le", "l'":
            // "la semaine dernière", "le mois prochain", "l'année passée"
            if let component = Self.periods[next], component != .day, start + 2 < tokens.count {
                let word = tokens[start + 2].key
                if Self.past.contains(word) { return (time.span(of: component, containing: time.adding(component, -1)), 3) }
                if Self.future.contains(word) { return (time.span(of: component, containing: time.adding(component, 1)), 3) }
            }
        case "il" where next == "y" && start + 2 < tokens.count && tokens[start + 2].key == "a":
            // "il y a deux jours"
            if let amount = numbers.read(tokens, at: start + 3), start + 3 + amount.length < tokens.count,
               let unit = Self.periods[tokens[start + 3 + amount.length].key] {
                let date = time.adding(unit, -amount.value.boundedInt)
                let span = unit == .day ? time.span(day: date) : time.span(of: unit, containing: date)
                return (span, 4 + amount.length)
            }
        default: break
        }
        if let weekday = Self.weekdays[key] {
            let direction = Self.past.contains(next) ? -1 : Self.future.contains(next) ? 1 : 0
            let length = direction == 0 ? 1 : 2
            return (time.span(day: DateReaderSupport.weekday(weekday, direction: direction, time: time)), length)
        }
        return calendarDate(tokens, at: start, numbers: numbers, time: time)
    }

    /// "le 5 mars", "5 mars 2024", "le premier mai", "mars", "en mars" (after the preposition), "2023".
    private func calendarDate(_ tokens: [Token], at start: Int, numbers: NumberReader,
                              time: ReferenceTime) -> (DateSpan, Int)? {
        var index = start
        if index < tokens.count, tokens[index].key == "le" { index += 1 }
        var day: Int?
        if index + 1 < tokens.count, Self.months[tokens[index + 1].key] != nil {
            if tokens[index].kind == .number, let value = Int(tokens[index].key), (1...31).contains(value) {
                day = value
                index += 1
            } else if let ordinal = numbers.ordinal(tokens, at: index), (1...31).contains(ordinal) {
                day = ordinal
                index += 1
            }
        }
        var month: Int?
        let afterPreposition = start > 0 && Self.prepositions.contains(tokens[start - 1].key)
        if index < tokens.count, let found = Self.months[tokens[index].key],
           day != nil || afterPreposition || tokens[index].key != "mars" || index > start {
            month = found
            index += 1
        }
        return DateReaderSupport.monthDate(tokens, from: start, yearAt: index, day: day, month: month,
                                           yearAlone: afterPreposition, time: time)
    }

    /// "15h", "15h30", "15 h 30", "8 heures", "midi", "minuit", "20:30".
    private func timeOfDay(_ tokens: [Token], at start: Int, numbers: NumberReader, explicitContext: Bool,
                           pmHint: Bool = false) -> ((hour: Int, minute: Int), Int)? {
        guard start < tokens.count else { return nil }
        switch tokens[start].key {
        case "midi": return ((12, 0), 1)
        case "minuit": return ((0, 0), 1)
        default: break
        }
        guard let number = numbers.read(tokens, at: start), number.value >= 0, number.value < 24,
              number.value == number.value.rounded() else { return nil }
        var hour = Int(number.value)
        var minute = 0
        var index = start + number.length
        var explicit = false
        if index < tokens.count {
            let key = tokens[index].key
            if key == "h" || key == "heure" || key == "heures" {
                index += 1
                explicit = true
                if index < tokens.count, tokens[index].kind == .number, let minutes = Int(tokens[index].key), minutes < 60 {
                    minute = minutes
                    index += 1
                }
            } else if key.hasPrefix("h"), let minutes = Int(key.dropFirst()), minutes < 60 {
                minute = minutes
                index += 1
                explicit = true
            } else if key == ":", index + 1 < tokens.count, let minutes = Int(tokens[index + 1].key), minutes < 60 {
                minute = minutes
                index += 2
                explicit = true
            }
        }
        guard explicit || explicitContext && tokens[start].kind == .number else { return nil }
        if pmHint, hour < 12 { hour += 12 }
        return ((hour, minute), index - start)
    }


}

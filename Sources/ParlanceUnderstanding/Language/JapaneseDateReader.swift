import Foundation

/// Japanese dates and times over one-character tokens: "今日", "昨日", "明日", "一昨日", "明後日",
/// "先週", "来月", "去年", "今年", "月曜日", "先週の金曜日", "3月5日", "2023年", "午後3時",
/// "15時30分", "8時半", "10分後".
struct JapaneseDateReader: DateReading {
    private static let weekdays = ["月": 2, "火": 3, "水": 4, "木": 5, "金": 6, "土": 7, "日": 1]


    func read(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        guard let (span, length) = day(tokens, at: start, numbers: numbers, time: time) else {
            if let (clock, length) = timeOfDay(tokens, at: start, numbers: numbers) {
                return (DateReaderSupport.at(clock, on: time.span(day: time.now)), length)
            }
            return offset(tokens, at: start, numbers: numbers, time: time)
        }
        var end = start + length
        if DateReaderSupport.text(tokens, end, 1) == "の" { end += 1 }
        if let (clock, clockLength) = timeOfDay(tokens, at: end, numbers: numbers) {
            return (DateReaderSupport.at(clock, on: span), end + clockLength - start)
        }
        return (span, length)
    }


    private static let days: [String: Int] = ["一昨日": -2, "明後日": 2, "今日": 0, "昨日": -1, "明日": 1, "今夜": 0,
                                              "今晩": 0, "今朝": 0, "昨夜": -1]
    private static let periods: [String: (component: Calendar.Component, offset: Int)] = [
        "先週": (.weekOfYear, -1), "今週": (.weekOfYear, 0), "来週": (.weekOfYear, 1), "先月": (.month, -1),
        "今月": (.month, 0), "来月": (.month, 1), "去年": (.year, -1), "今年": (.year, 0), "来年": (.year, 1)]
    /// The first characters of `days` and `periods`: most positions start neither, and are skipped at once.
    private static let firstCharacters = Set((Array(days.keys) + Array(periods.keys)).compactMap { $0.first.map(String.init) })

    private func day(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        if start < tokens.count, Self.firstCharacters.contains(tokens[start].key) {
            let three = DateReaderSupport.text(tokens, start, 3)
            if let offset = Self.days[three] { return (time.span(day: time.adding(.day, offset)), 3) }
            let two = DateReaderSupport.text(tokens, start, 2)
            if let offset = Self.days[two] { return (time.span(day: time.adding(.day, offset)), 2) }
            if let (component, offset) = Self.periods[two] {
                // "先週の金曜日"
                var index = start + 2
                if component == .weekOfYear, DateReaderSupport.text(tokens, index, 1) == "の" { index += 1 }
                if component == .weekOfYear, index < tokens.count, let weekday = Self.weekdays[tokens[index].key],
                   DateReaderSupport.text(tokens, index + 1, 2) == "曜日" {
                    return (time.span(day: DateReaderSupport.weekday(weekday, direction: offset, time: time)), index + 3 - start)
                }
                return (time.span(of: component, containing: time.adding(component, offset)), 2)
            }
        }
        if start < tokens.count, let weekday = Self.weekdays[tokens[start].key], DateReaderSupport.text(tokens, start + 1, 2) == "曜日" {
            return (time.span(day: DateReaderSupport.weekday(weekday, direction: 0, time: time)), 3)
        }
        return DateReaderSupport.hanDate(tokens, at: start, numbers: numbers, time: time, daySuffixes: ["日"])
    }


    /// "午後3時", "15時30分", "8時半", "15:30", "正午".
    private static let clockWords = DateReaderSupport.HanClockWords(
        afternoon: ["午後", "夜の"], morning: ["午前", "朝の"],
        noon: "正午", hourSuffixes: ["時"])

    private func timeOfDay(_ tokens: [Token], at start: Int, numbers: NumberReader) -> ((hour: Int, minute: Int), Int)? {
        DateReaderSupport.hanTimeOfDay(tokens, at: start, numbers: numbers, words: Self.clockWords)
    }

    /// "10分後", "1時間後".
    private func offset(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        DateReaderSupport.hanLater(tokens, at: start, numbers: numbers, time: time,
                                   units: [("分", 60), ("時間", 3600)], after: "後")
    }

}

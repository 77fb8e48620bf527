import Foundation

/// Chinese dates and times, read over one-character tokens: "今天", "昨天", "前天", "明天", "后天",
/// "上周", "下个月", "去年", "今年", "星期一", "周五", "上周五", "3月5日", "三月", "2023年",
/// "下午3点", "晚上8点半", "15点", "15:30", "10分钟后".
struct ChineseDateReader: DateReading {
    private static let weekdayNumbers: [String: Int] = ["一": 2, "二": 3, "三": 4, "四": 5, "五": 6, "六": 7, "日": 1, "天": 1]

    func read(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        var index = start
        if index < tokens.count, ["在", "从"].contains(tokens[index].key) { index += 1 }
        guard let (span, length) = day(tokens, at: index, numbers: numbers, time: time) else {
            if let (clock, length) = timeOfDay(tokens, at: index, numbers: numbers) {
                return (DateReaderSupport.at(clock, on: time.span(day: time.now)), index - start + length)
            }
            return offset(tokens, at: index, numbers: numbers, time: time).map { ($0.0, index - start + $0.1) }
        }
        var end = index + length
        if let (clock, clockLength) = timeOfDay(tokens, at: end, numbers: numbers) {
            end += clockLength
            return (DateReaderSupport.at(clock, on: span), end - start)
        }
        return (span, end - start)
    }



    private func day(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        let two = DateReaderSupport.text(tokens, start, 2)
        switch two {
        case "今天", "今晚", "今早": return (time.span(day: time.now), 2)
        case "昨天", "昨晚": return (time.span(day: time.adding(.day, -1)), 2)
        case "明天", "明晚": return (time.span(day: time.adding(.day, 1)), 2)
        case "前天": return (time.span(day: time.adding(.day, -2)), 2)
        case "后天": return (time.span(day: time.adding(.day, 2)), 2)
        case "去年": return (time.span(of: .year, containing: time.adding(.year, -1)), 2)
        case "今年": return (time.span(of: .year, containing: time.now), 2)
        case "明年": return (time.span(of: .year, containing: time.adding(.year, 1)), 2)
        default: break
        }
        // 上周 / 下周 / 这周 / 本周, 上个月 / 下个月 / 这个月, 上周五
        if start < tokens.count, ["上", "下", "这", "本"].contains(tokens[start].key) {
            let direction = tokens[start].key == "上" ? -1 : tokens[start].key == "下" ? 1 : 0
            var index = start + 1
            if DateReaderSupport.text(tokens, index, 1) == "个" { index += 1 }
            if ["周", "星期", "礼拜"].contains(where: { DateReaderSupport.text(tokens, index, $0.count) == $0 }) {
                let word = ["星期", "礼拜"].first { DateReaderSupport.text(tokens, index, 2) == $0 } ?? "周"
                index += word.count
                if index < tokens.count, let weekday = Self.weekdayNumbers[tokens[index].key] {
                    return (time.span(day: DateReaderSupport.weekday(weekday, direction: direction, time: time)), index + 1 - start)
                }
                return (time.span(of: .weekOfYear, containing: time.adding(.weekOfYear, direction)), index - start)
            }
            if DateReaderSupport.text(tokens, index, 1) == "月" {
                return (time.span(of: .month, containing: time.adding(.month, direction)), index + 1 - start)
            }
        }
        // 星期一, 周五
        for word in ["星期", "礼拜", "周"] where DateReaderSupport.text(tokens, start, word.count) == word {
            let index = start + word.count
            if index < tokens.count, let weekday = Self.weekdayNumbers[tokens[index].key] {
                return (time.span(day: DateReaderSupport.weekday(weekday, direction: 0, time: time)), index + 1 - start)
            }
        }
        return DateReaderSupport.hanDate(tokens, at: start, numbers: numbers, time: time, daySuffixes: ["日", "号"])
    }


    /// "下午3点", "晚上8点半", "15点30分", "15:30", "中午".
    private static let clockWords = DateReaderSupport.HanClockWords(
        afternoon: ["下午", "晚上", "傍晚"], morning: ["上午", "早上", "凌晨"],
        noon: "中午", hourSuffixes: ["点", "时"])

    private func timeOfDay(_ tokens: [Token], at start: Int, numbers: NumberReader) -> ((hour: Int, minute: Int), Int)? {
        DateReaderSupport.hanTimeOfDay(tokens, at: start, numbers: numbers, words: Self.clockWords)
    }

    /// "10分钟后", "一小时后".
    private func offset(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? {
        DateReaderSupport.hanLater(tokens, at: start, numbers: numbers, time: time,
                                   units: [("分钟", 60), ("小时", 3600)], after: "后")
    }

}

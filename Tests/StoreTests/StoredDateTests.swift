import Foundation
import GRDB
@testable import ParlanceStore
import Testing

/// The store's own date text: the same as GRDB's (homes written before read the same), without ICU.
@Suite struct StoredDateTests {
    /// Agrees with Foundation's Gregorian calendar in UTC around leap days, century years, the epoch and
    /// far from it, to the millisecond.
    @Test func agreesWithFoundationsCalendar() throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = try #require(TimeZone(secondsFromGMT: 0))
        let moments: [TimeInterval] = [0, -1, -0.001, 86_399.999, 951_782_400, 951_868_799.5, 4_107_542_400,
                                       -2_208_988_800, 1_780_000_000.125, 253_402_300_799]
        for moment in moments {
            let date = Date(timeIntervalSince1970: moment)
            let text = StoredDate.text(date)
            let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
            let expected = String(format: "%04d-%02d-%02d %02d:%02d:%02d.%03d", parts.year ?? 0, parts.month ?? 0,
                                  parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0,
                                  (parts.nanosecond ?? 0) / 1_000_000)
            #expect(text == expected, "\(moment)")
            let back = try #require(StoredDate.date(text: text))
            #expect(abs(back.timeIntervalSince1970 - moment) < 0.001, "\(text)")
        }
    }

    @Test func readsWhatGRDBWroteAndSQLiteForms() throws {
        let moment = Date(timeIntervalSince1970: 1_780_000_000.25)
        #expect(StoredDate.date(moment.databaseValue) == moment)
        #expect(StoredDate.date(text: "2026-05-28") == Date(timeIntervalSince1970: 1_779_926_400))
        #expect(StoredDate.date(text: "2026-05-28T20:26") == Date(timeIntervalSince1970: 1_780_000_000 - 40))
        #expect(StoredDate.date(DatabaseValue(value: 12)!) == Date(timeIntervalSince1970: 12))
    }

    @Test(arguments: ["", "2026", "2026-13-01", "2026-02-30", "2026-02-28 24:00", "2026-02-28 10:00:00.5x",
                      "20260228", "2026-02-28 10", "٢٠٢٦-02-28", "2026-02-28 10:00 "])
    func refusesWhatIsNoDate(_ text: String) {
        #expect(StoredDate.date(text: text) == nil)
    }
}

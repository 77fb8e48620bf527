import Foundation
import ParlanceCore
import Testing
@testable import ParlanceUnderstanding

/// Numbers as speech recognisers and people write them: thousands grouped by spaces ("1 000 €"), a number joined
/// to its unit by a hyphen ("a 30-minute run", "a one-hour walk"), amounts with their currency signs.
@Suite struct WrittenNumberTests {
    /// The entities read in a text, in order.
    static func entities(_ text: String, language: String) throws -> [EntityValue] {
        let pack = try #require(LanguageCatalog.pack(for: language))
        let segments = RequestAnalyzer(language: pack).segments(of: Utterance(text), mentions: [], vocabulary: nil,
                                                                time: ReferenceTime())
        return segments.compactMap { if case .entity(let value) = $0.kind { value } else { nil } }
    }

    @Test("amounts as Whisper writes them", arguments: [
        ("en", "Give Bobo $100.", 100.0, "USD"), ("en", "send Kiki £55", 55, "GBP"), ("en", "pay Eli 1,000 dollars", 1000, "USD"),
        ("en", "Send Bobo twenty-five dollars", 25, "USD"), ("en", "Send Bobo 100 €", 100, "EUR"),
        ("de", "zahle Bobo 25 €", 25, "EUR"), ("de", "Schick Kiki 2.500 €.", 2500, "EUR"), ("de", "Schick Kiki 25,50 Euro.", 25.5, "EUR"),
        ("fr", "Envoie 1 000 € à Kiki.", 1000, "EUR"), ("fr", "Envoie 1 000,50 € à Kiki.", 1000.5, "EUR"),
        ("fr", "Envoie 2 500 000 euros à Kiki.", 2_500_000, "EUR"), ("it", "paga a Kiki 30 euro", 30, "EUR"),
        ("it", "Invia 1.000 euro a Bobo.", 1000, "EUR"), ("ja", "ボボに100ドル送って", 100, "USD"),
        ("ja", "キキに1,000円送って", 1000, "JPY"), ("ja", "ボボに百ドル送って", 100, "USD"), ("zh", "给Kiki转100元", 100, "CNY"),
        ("zh", "给Kiki转一百元", 100, "CNY"), ("en", "Send Kiki 2 500 dollars", 2500, "USD"),
    ])
    func amounts(_ language: String, _ text: String, _ amount: Double, _ currency: String) throws {
        #expect(try Self.entities(text, language: language).contains(.money(amount: amount, currencyCode: currency)))
    }

    @Test("goals with their unit joined by a hyphen", arguments: [
        ("en", "Start a 30-minute run.", 30.0, "minute"), ("en", "Start a 5-kilometer run.", 5000, "meter"),
        ("en", "Start a one-hour walk.", 1, "hour"), ("en", "Start a twenty-five-minute run", 25, "minute"),
        ("en", "Start a 45 minute bike ride", 45, "minute"), ("fr", "Commence une course de 30 minutes.", 30, "minute"),
        ("ja", "30分のランニングを開始して。", 30, "minute"), ("zh", "开始30分钟的跑步。", 30, "minute"),
    ])
    func goals(_ language: String, _ text: String, _ value: Double, _ unit: String) throws {
        #expect(try Self.entities(text, language: language).contains(.quantity(value: value, unit: unit)))
    }

    @Test("digits in groups that are no amount stay apart: a phone number, a hyphen that is no join")
    func notThousands() throws {
        #expect(!(try Self.entities("Call 555 123 4567", language: "en")).contains(.number(555_123)))
        #expect(!(try Self.entities("Call 555 123 4567", language: "en")).contains(.number(5_551_234_567)))
        #expect(try Self.entities("send 5 - 10 minutes", language: "en").contains(.quantity(value: 10, unit: "minute")))
    }
}

import Foundation
import MonkeyAppSupport

/// MonkeyPay's data: balances per currency, the people you can pay, and every payment and request.
struct Wallet: Codable, Sendable {
    struct Payment: Codable, Sendable {
        /// The intent's identifier: a payment is recorded once, however often handle is called.
        var identifier: String
        var kind: String  // "sent" or "requested"
        var person: String
        var amount: Decimal
        var currency: String
        var note: String?
        var date: Date
    }

    var balances: [String: Decimal]
    var people: [String]
    var payments: [Payment] = []

    static let identifier = "org.parlance.examples.monkeypay"
    static let file = AppDataFile<Wallet>(appIdentifier: identifier) { .demo }
    /// The currencies MonkeyPay handles.
    static let currencies = ["USD", "EUR", "CNY"]
    /// The most one payment may be, in any currency.
    static let limit: Decimal = 500

    static var demo: Wallet {
        Wallet(balances: ["USD": 120, "EUR": 40, "CNY": 800], people: ["Bobo", "Kiki", "Coco", "Bobo the Great", "Mimi Banana"])
    }

    static func format(_ amount: Decimal, _ currency: String) -> String {
        let symbol = ["USD": "$", "EUR": "€", "CNY": "¥"][currency]
        let number = NSDecimalNumber(decimal: amount).doubleValue
        return symbol.map { $0 + String(format: "%.2f", number) } ?? String(format: "%.2f %@", number, currency)
    }
}

import Foundation
import MonkeyAppSupport

/// MonkeyPay's data: the money put in per currency and the people you can pay (in `state.json`), and every payment
/// and request (in `payments.jsonl`, `ledger()`). A balance is the money put in less the payments sent.
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

    /// The money put in, per currency (the demo's opening balances and deposits).
    var balances: [String: Decimal]
    var people: [String]
    /// Payments as versions before `payments.jsonl` kept them, already taken from `balances`; moved on first use.
    var payments: [Payment]?

    static let identifier = "org.parlance.examples.monkeypay"
    static let file = AppDataFile<Wallet>(appIdentifier: identifier) { .demo }
    /// Per currency, how much the payments sent took.
    private static let paymentLedger = AppDataLedger<Payment, [String: Decimal]>(
        appIdentifier: identifier, name: "payments", empty: [:], key: \.identifier) { spent, payment in
            if payment.kind == "sent" { spent[payment.currency, default: 0] += payment.amount }
        }

    /// Every payment and request, one entry per intent; its summary is what the payments sent took per currency.
    static func ledger() throws -> AppDataLedger<Payment, [String: Decimal]> {
        try paymentLedger.movingOlderRecords { ledger in
            guard try file.read().payments?.isEmpty == false else { return }
            try file.update { wallet in
                for payment in wallet.payments ?? [] {
                    try ledger.record(key: payment.identifier) { _ in payment }
                    // The ledger takes it from the balance now.
                    if payment.kind == "sent" { wallet.balances[payment.currency, default: 0] += payment.amount }
                }
                wallet.payments = nil
            }
        }
    }

    /// What is left per currency: the money put in less the payments sent.
    static func balances() throws -> [String: Decimal] {
        let spent = try ledger().summary()
        var balances = try file.read().balances
        for (currency, amount) in spent { balances[currency, default: 0] -= amount }
        return balances
    }
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

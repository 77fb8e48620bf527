// MonkeyPay, a Parlance sample app: payments. `monkeypay intents` is its Intents extension; the other
// commands are the app itself.
import Foundation
import Intents
import MonkeyAppSupport

let file = Wallet.file

func publishPeople() {
    guard let wallet = try? file.read() else { return }
    INVocabulary.shared().setVocabularyStrings(NSOrderedSet(array: wallet.people), of: .contactName)
}

await AppMain.run(appName: "MonkeyPay", appIdentifier: Wallet.identifier, extension: { MonkeyPayExtension() }, commands: [
    .init("balance", "balance                show the balances") { _ in
        for (currency, amount) in try Wallet.balances().sorted(by: { $0.key < $1.key }) {
            print(Wallet.format(amount, currency))
        }
    },
    .init("history", "history                list payments and requests") { _ in
        for payment in try Wallet.ledger().entries() {
            let verb = payment.kind == "sent" ? "sent to" : "requested from"
            print("\(verb) \(payment.person): \(Wallet.format(payment.amount, payment.currency))"
                  + (payment.note.map { " (\($0))" } ?? ""))
        }
    },
    .init("deposit", "deposit AMOUNT [CUR]   add money (default USD)") { arguments in
        guard let text = arguments.first, let amount = Decimal(string: text), amount > 0 else {
            throw AppError("give a positive amount, such as: deposit 50 EUR")
        }
        let currency = arguments.count > 1 ? arguments[1].uppercased() : "USD"
        guard Wallet.currencies.contains(currency) else { throw AppError("MonkeyPay handles \(Wallet.currencies.joined(separator: ", "))") }
        try file.update { $0.balances[currency, default: 0] += amount }
    },
    .init("people", "people                 list the people you can pay") { _ in
        for person in try file.read().people { print(person) }
    },
    .init("add", "add NAME…              add people you can pay") { names in
        try file.update { wallet in wallet.people += names.filter { !wallet.people.contains($0) } }
        publishPeople()
    },
    .init("sync", "sync                   tell the assistant the names again") { _ in publishPeople() },
    .init("reset", "reset                  forget everything") { _ in
        try file.reset()
        try Wallet.ledger().reset()
        INVocabulary.shared().removeAllVocabularyStrings()
    },
])

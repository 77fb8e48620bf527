import Foundation
import Intents
import MonkeyAppSupport

/// Shared rules of MonkeyPay's two intents: who can be paid, and which amounts are allowed.
enum PaymentRules {
    enum PersonOutcome {
        case known(INPerson), doubtful(INPerson), several([INPerson]), tooMany, unknown, missing
    }

    /// The resolution result for a payee or payer, in the intent's own result class.
    static func resolvePerson<Result: INPersonResolutionResult>(_ spoken: INPerson?, tooMany: @autoclosure () -> Result,
                                                                unknown: @autoclosure () -> Result) -> Result {
        switch person(spoken) {
        case .known(let person): return Result.success(with: person)
        case .doubtful(let person): return Result.confirmationRequired(with: person)
        case .several(let people): return Result.disambiguation(with: people)
        case .tooMany: return tooMany()
        case .unknown: return unknown()
        case .missing: return Result.needsValue()
        }
    }

    /// The resolution result for an amount; `refuse` gives the unsupported result for a reason's name.
    static func resolveAmount<Result: INCurrencyAmountResolutionResult>(_ amount: INCurrencyAmount?,
                                                                        refuse: (String) -> Result) -> Result {
        switch self.amount(amount) {
        case .valid(let amount): return Result.success(with: amount)
        case .missing: return Result.needsValue()
        case .unsupportedCurrency: return refuse("paymentsCurrencyUnsupported")
        case .belowMinimum: return refuse("paymentsAmountBelowMinimum")
        case .aboveMaximum: return refuse("paymentsAmountAboveMaximum")
        }
    }

    static func person(_ spoken: INPerson?) -> PersonOutcome {
        guard let spoken, !spoken.displayName.isEmpty else { return .missing }
        let people = (try? Wallet.file.read().people) ?? []
        switch NameMatch.find(spoken.displayName, in: people) {
        case .exact(let name): return .known(person(name))
        case .partial(let name), .close(let name): return .doubtful(person(name))
        case .several(let names): return .several(names.map(person))
        case .tooMany: return .tooMany
        case .none: return .unknown
        }
    }

    static func person(_ name: String) -> INPerson {
        INPerson(personHandle: INPersonHandle(value: "monkeypay:" + name.lowercased().filter(\.isLetter), type: .unknown),
                 nameComponents: nil, displayName: name, image: nil, contactIdentifier: nil, customIdentifier: nil)
    }

    enum AmountOutcome { case valid(INCurrencyAmount), missing, unsupportedCurrency, belowMinimum, aboveMaximum }

    static func amount(_ amount: INCurrencyAmount?) -> AmountOutcome {
        guard let amount, let value = amount.amount?.decimalValue, let currency = amount.currencyCode else { return .missing }
        guard Wallet.currencies.contains(currency) else { return .unsupportedCurrency }
        if value < Decimal(string: "0.01") ?? 0 { return .belowMinimum }
        if value > Wallet.limit { return .aboveMaximum }
        return .valid(amount)
    }

    static func record(_ payment: Wallet.Payment, status: INPaymentStatus) -> INPaymentRecord? {
        let person = person(payment.person)
        let amount = INCurrencyAmount(amount: NSDecimalNumber(decimal: payment.amount), currencyCode: payment.currency)
        return INPaymentRecord(payee: payment.kind == "sent" ? person : nil, payer: payment.kind == "sent" ? nil : person,
                               currencyAmount: amount, paymentMethod: nil, note: payment.note, status: status)
    }

    static func draft(_ kind: String, person: INPerson?, amount: INCurrencyAmount?, note: String?, identifier: String?)
        -> Wallet.Payment {
        Wallet.Payment(identifier: identifier ?? UUID().uuidString, kind: kind, person: person?.displayName ?? "",
                       amount: amount?.amount?.decimalValue ?? 0, currency: amount?.currencyCode ?? "USD", note: note,
                       date: Date())
    }
}

/// Sends money to someone MonkeyPay knows, within the balance and the per-payment limit.
final class SendPaymentHandler: NSObject, INSendPaymentIntentHandling {
    func resolvePayee(for intent: INSendPaymentIntent) async -> INSendPaymentPayeeResolutionResult {
        PaymentRules.resolvePerson(intent.payee,
                                   tooMany: INSendPaymentPayeeResolutionResult(personResolutionResult: .needsMoreDetails()),
                                   unknown: .unsupported(forReason: .noAccount))
    }

    func resolveCurrencyAmount(for intent: INSendPaymentIntent) async -> INSendPaymentCurrencyAmountResolutionResult {
        PaymentRules.resolveAmount(intent.currencyAmount) { reason in
            INSendPaymentCurrencyAmountUnsupportedReason.allCases.first { $0.caseName == reason }
                .map { .unsupported(forReason: $0) } ?? .unsupported()
        }
    }

    func resolveNote(for intent: INSendPaymentIntent) async -> INStringResolutionResult {
        intent.note.map { .success(with: $0) } ?? .notRequired()
    }

    /// Checks the balance before anything happens: too little money is refused here.
    func confirm(intent: INSendPaymentIntent) async -> INSendPaymentIntentResponse {
        let draft = PaymentRules.draft("sent", person: intent.payee, amount: intent.currencyAmount, note: intent.note,
                                       identifier: intent.identifier)
        guard let balances = try? Wallet.balances() else { return INSendPaymentIntentResponse(code: .failure, userActivity: nil) }
        guard (balances[draft.currency] ?? 0) >= draft.amount else {
            return INSendPaymentIntentResponse(code: .failureInsufficientFunds, userActivity: nil)
        }
        let response = INSendPaymentIntentResponse(code: .ready, userActivity: nil)
        response.paymentRecord = PaymentRules.record(draft, status: .pending)
        return response
    }

    func handle(intent: INSendPaymentIntent) async -> INSendPaymentIntentResponse {
        // A slow bank, for trying what the assistant shows meanwhile (and what a crash leaves behind).
        if let seconds = ProcessInfo.processInfo.environment["MONKEYPAY_HANDLE_SECONDS"].flatMap(Double.init) {
            try? await Task.sleep(for: .seconds(seconds))
        }
        let draft = PaymentRules.draft("sent", person: intent.payee, amount: intent.currencyAmount, note: intent.note,
                                       identifier: intent.identifier)
        do {
            let putIn = try Wallet.file.read().balances
            let payment: Wallet.Payment?
            switch try Wallet.ledger().record(key: draft.identifier, { spent in
                (putIn[draft.currency] ?? 0) - (spent[draft.currency] ?? 0) >= draft.amount ? draft : nil
            }) {
            case .recorded(let made), .existing(let made): payment = made
            case .declined: payment = nil
            }
            guard let payment else { return INSendPaymentIntentResponse(code: .failureInsufficientFunds, userActivity: nil) }
            let response = INSendPaymentIntentResponse(code: .success, userActivity: nil)
            response.paymentRecord = PaymentRules.record(payment, status: .completed)
            return response
        } catch {
            return INSendPaymentIntentResponse(code: .failure, userActivity: nil)
        }
    }
}

/// Asks someone MonkeyPay knows for money.
final class RequestPaymentHandler: NSObject, INRequestPaymentIntentHandling {
    func resolvePayer(for intent: INRequestPaymentIntent) async -> INRequestPaymentPayerResolutionResult {
        PaymentRules.resolvePerson(intent.payer,
                                   tooMany: INRequestPaymentPayerResolutionResult(personResolutionResult: .needsMoreDetails()),
                                   unknown: .unsupported(forReason: .noAccount))
    }

    func resolveCurrencyAmount(for intent: INRequestPaymentIntent) async -> INRequestPaymentCurrencyAmountResolutionResult {
        PaymentRules.resolveAmount(intent.currencyAmount) { reason in
            INRequestPaymentCurrencyAmountUnsupportedReason.allCases.first { $0.caseName == reason }
                .map { .unsupported(forReason: $0) } ?? .unsupported()
        }
    }

    func resolveNote(for intent: INRequestPaymentIntent) async -> INStringResolutionResult {
        intent.note.map { .success(with: $0) } ?? .notRequired()
    }

    func confirm(intent: INRequestPaymentIntent) async -> INRequestPaymentIntentResponse {
        let response = INRequestPaymentIntentResponse(code: .ready, userActivity: nil)
        response.paymentRecord = PaymentRules.record(
            PaymentRules.draft("requested", person: intent.payer, amount: intent.currencyAmount, note: intent.note,
                               identifier: intent.identifier), status: .pending)
        return response
    }

    func handle(intent: INRequestPaymentIntent) async -> INRequestPaymentIntentResponse {
        let draft = PaymentRules.draft("requested", person: intent.payer, amount: intent.currencyAmount, note: intent.note,
                                       identifier: intent.identifier)
        let request: Wallet.Payment
        switch try? Wallet.ledger().record(key: draft.identifier, { _ in draft }) {
        case .recorded(let made)?, .existing(let made)?: request = made
        case .declined?, nil: return INRequestPaymentIntentResponse(code: .failure, userActivity: nil)
        }
        let response = INRequestPaymentIntentResponse(code: .success, userActivity: nil)
        response.paymentRecord = PaymentRules.record(request, status: .unpaid)
        return response
    }
}

/// MonkeyPay's Intents extension.
final class MonkeyPayExtension: INExtension, @unchecked Sendable {
    override func handler(for intent: INIntent) -> Any? {
        switch intent {
        case is INSendPaymentIntent: return SendPaymentHandler()
        case is INRequestPaymentIntent: return RequestPaymentHandler()
        default: return nil
        }
    }
}

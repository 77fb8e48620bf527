import Foundation
import Intents

/// A payment extension that ignores the intent identifier: every handle it receives pays again. It
/// appends one line per payment ("<identifier> <amount>") to the log at `logPath`, then takes a moment
/// to answer, as a real payment service would. For the crash tests: the assistant must never send it
/// the same payment twice.
final class ForgetfulPaymentHandler: NSObject, INSendPaymentIntentHandling, @unchecked Sendable {
    let logPath: String

    init(logPath: String) {
        self.logPath = logPath
    }

    func resolvePayee(for intent: INSendPaymentIntent) async -> INSendPaymentPayeeResolutionResult {
        guard let payee = intent.payee else { return .needsValue() }
        return .success(with: payee)
    }

    func resolveCurrencyAmount(for intent: INSendPaymentIntent) async -> INSendPaymentCurrencyAmountResolutionResult {
        guard let amount = intent.currencyAmount else { return .needsValue() }
        return .success(with: amount)
    }

    func handle(intent: INSendPaymentIntent) async -> INSendPaymentIntentResponse {
        let amount = intent.currencyAmount?.amount.map { "\($0)" } ?? "?"
        let line = Data("\(intent.identifier ?? "-") \(amount)\n".utf8)
        let descriptor = open(logPath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return INSendPaymentIntentResponse(code: .failure, userActivity: nil) }
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        fsync(descriptor)
        close(descriptor)
        try? await Task.sleep(for: .milliseconds(30))
        return INSendPaymentIntentResponse(code: .success, userActivity: nil)
    }
}

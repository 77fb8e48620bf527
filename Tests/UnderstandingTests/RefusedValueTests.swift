import Foundation
import ParlanceCore
import ParlanceUnderstanding
import Testing

/// Amounts and goals that are none ("-5 dollars", "1e309", 400 digits) are refused where they are read:
/// never passed to an app, and the reason is kept for the conversation to say.
extension UnderstandingTests {
    @Suite struct RefusedValueTests {
        static let amount = ParameterReference(intent: "INSendPaymentIntent", parameter: "currencyAmount", app: nil)

        @Test(arguments: [
            ("pay Bobo -5 dollars", "-5 dollars", RefusedValue.Reason.notPositive),
            ("pay Bobo minus 5 dollars", "minus 5 dollars", .notPositive),
            ("pay Bobo 0 dollars", "0 dollars", .notPositive),
            ("pay Bobo 1e309 dollars", "1e309 dollars", .unreadable),
            ("pay Bobo 2000000000000 dollars", "2000000000000 dollars", .tooLarge),
            ("pay Bobo \(String(repeating: "9", count: 400)) dollars", "\(String(repeating: "9", count: 400)) dollars", .unreadable),
        ])
        func anAmountThatIsNoneIsRefusedWithItsWords(_ text: String, said: String, reason: RefusedValue.Reason) throws {
            let understander = try AnswerTests.shared.get()
            let result = try understander.understand(text, language: "en")
            #expect(result.intent == "INSendPaymentIntent")
            #expect(result.parameters["currencyAmount"] == nil, "never passed on")
            #expect(result.refusedValues == [RefusedValue(property: "currencyAmount", said: said, reason: reason)])
        }

        @Test func aRealAmountIsKept() throws {
            let result = try AnswerTests.shared.get().understand("pay Bobo 1e3 dollars", language: "en")
            #expect(result.refusedValues.isEmpty)
            #expect(result.parameters["currencyAmount"]?.objectValue?["amount"] == .number(1000))
        }

        @Test func aZeroGoalIsRefused() throws {
            let result = try AnswerTests.shared.get().understand("start a 0 minute run", language: "en")
            #expect(result.parameters["goalValue"] == nil)
            #expect(result.refusedValues.map(\.reason) == [.notPositive])
        }

        @Test(arguments: [("-3 dollars", RefusedValue.Reason.notPositive), ("1e400", .unreadable), ("0", .notPositive)])
        func anAnswerThatIsNoAmountIsRefused(_ text: String, reason: RefusedValue.Reason) throws {
            let answer = try AnswerTests.shared.get().understandAnswer(text, to: .value(Self.amount), language: "en")
            guard case .refused(let refused) = answer else {
                Issue.record("\(answer)")
                return
            }
            #expect(refused.reason == reason)
            #expect(refused.property == "currencyAmount")
        }

        @Test func theParseJSONSaysWhatWasRefused() throws {
            let result = try AnswerTests.shared.get().understand("pay Bobo -5 dollars", language: "en")
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let json = try #require(String(data: try encoder.encode(result), encoding: .utf8))
            #expect(json.contains(#""refusedValues":[{"property":"currencyAmount","reason":"notPositive","said":"-5 dollars"}]"#))
        }
    }
}

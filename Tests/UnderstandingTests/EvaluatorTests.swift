import Foundation
import ParlanceCore
import ParlanceUnderstanding
import TestSupport
import Testing

/// `parlance eval`'s scoring: what it compares is what it prints.
extension UnderstandingTests {
    @Suite struct EvaluatorTests {
        static func labelled(_ text: String, app: String?, intent: String?) -> LabelledRequest {
            LabelledRequest(text: text, language: "en", app: app, intent: intent, parameters: nil)
        }

        @Test("the app a failure shows is the app compared: named, else the only candidate, else none")
        func theAppShownIsTheAppCompared() throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let set: [(line: Int, request: LabelledRequest)] = [
                // Coinly is the only payment app: the request goes to it without asking.
                (1, Self.labelled("pay Bobo $15.50 for pizza", app: nil, intent: "INSendPaymentIntent")),
                // Chatterly and Whisper both send messages: the conversation would ask.
                (2, Self.labelled("text Kiki I'm running late", app: "org.example.chatterly", intent: "INSendMessageIntent")),
            ]
            let report = Evaluator(understander: understander, defaultLanguage: "en").evaluate(set)
            try #require(report.failures.count == 2, "\(report.summary())")
            let (payment, message) = (report.failures[0], report.failures[1])
            #expect(payment.differences.contains("app"))
            #expect(payment.actual?.app == nil)
            #expect(payment.actualApp == "org.example.coinly")
            #expect(message.differences.contains("app"))
            #expect(message.actualApp == nil)
            #expect(message.actual.map(Evaluator.judgedApp(of:)) == message.actualApp)

            let summary = report.summary()
            #expect(summary.contains(" app org.example.coinly (the only candidate)\n    want:  INSendPaymentIntent"), "\(summary)")
            #expect(summary.contains(" app none (candidates: org.example.chatterly, org.example.whisper)\n"), "\(summary)")
            #expect(summary.hasSuffix(" app org.example.chatterly"), "\(summary)")
            let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any]
            let failures = try #require(json?["failures"] as? [[String: Any]])
            #expect(failures.first?["actualApp"] as? String == "org.example.coinly")
        }

        @Test("no failure of a labelled set prints the same got and want lines")
        func gotAndWantDifferForEveryFailure() throws {
            let (understander, _) = try UnderstandingTests.understander("dev")
            let labelled = try Evaluator.load(EvaluationFiles.url("en/dev.jsonl"))
            // Every line once labelled with the wrong app: each is then a failure, on its app at least.
            let wrongApps = labelled.map { entry in
                var request = entry.request
                request.app = request.app == nil ? "org.example.nobody" : nil
                return (line: entry.line, request: request)
            }
            let report = Evaluator(understander: understander, defaultLanguage: "en").evaluate(labelled + wrongApps)
            #expect(report.failures.count >= wrongApps.count)
            let lines = report.summary().split(separator: "\n").map(String.init)
            var compared = 0
            for (index, line) in lines.enumerated() where line.hasPrefix("    got:   ") && index + 1 < lines.count {
                let want = lines[index + 1]
                #expect(line.dropFirst("    got:   ".count) != want.dropFirst("    want:  ".count), "\(lines[index - 2])")
                compared += 1
            }
            #expect(compared >= wrongApps.count)
        }
    }
}

import Foundation

/// How well understanding did on a labelled set.
public struct EvaluationReport: Sendable, Codable {
    /// Figures for one expected intent.
    public struct IntentFigures: Sendable, Codable {
        public var intent: String
        public var count: Int
        public var intentAccuracy: Double
        public var exactFrameAccuracy: Double
        public var slotF1: Double
    }

    /// Requests whose decision had about the same confidence, and how often that decision was right.
    public struct CalibrationBin: Sendable, Codable {
        /// The confidence range, [lower, upper).
        public var lower: Double
        public var upper: Double
        public var count: Int
        public var meanConfidence: Double
        /// The share of these requests whose intent (or no intent) was right.
        public var accuracy: Double
    }

    /// How many requests one recogniser decided, and how many of those it got right.
    public struct RecognizerFigures: Sendable, Codable {
        public var recognizer: Recognizer
        public var count: Int
        /// The share of its decisions whose intent (or no intent) was right.
        public var intentAccuracy: Double
    }

    /// A request understanding got wrong.
    public struct Failure: Sendable, Codable {
        public var line: Int
        public var text: String
        public var expected: LabelledRequest
        public var actual: UnderstoodRequest?
        /// The app the evaluation compared with the expected one (`Evaluator.judgedApp(of:)`): the named app,
        /// else the only candidate; nil when understanding failed or several apps could serve.
        public var actualApp: String?
        public var error: String?
        /// What differs ("intent", "app", "parameters.recipients").
        public var differences: [String]
    }

    public var count: Int
    public var intentAccuracy: Double
    public var appAccuracy: Double
    public var exactFrameAccuracy: Double
    public var slotPrecision: Double
    public var slotRecall: Double
    public var slotF1: Double
    public var perIntent: [IntentFigures]
    public var failures: [Failure]
    /// Decisions by confidence: well calibrated when each bin's accuracy is close to its mean confidence.
    public var calibration: [CalibrationBin] = []
    /// The expected calibration error: the count-weighted gap between confidence and accuracy.
    public var calibrationError: Double = 0
    /// Which recogniser decided how many requests, in chain order.
    public var recognizers: [RecognizerFigures] = []
    /// For free-text properties the set expects (`content`, `note`): how many requests expect one, and
    /// the share whose value arrived exactly (text compared as everywhere else).
    public var freeText: [FreeTextFigures] = []
    /// How long understanding took per request, in microseconds (the first request, which trains the
    /// models or loads them, apart).
    public var latency: Latency?

    /// Time per request: the first request apart, percentiles over the rest.
    public struct Latency: Sendable, Codable {
        public var firstMicroseconds: Double
        public var p50Microseconds: Double
        public var p90Microseconds: Double
        public var p99Microseconds: Double
        public var maxMicroseconds: Double

        init?(_ durations: [Duration]) {
            guard let first = durations.first else { return nil }
            func microseconds(_ duration: Duration) -> Double { Double(duration / .nanoseconds(1)) / 1000 }
            let rest = durations.dropFirst().map(microseconds).sorted()
            func percentile(_ fraction: Double) -> Double {
                rest.isEmpty ? microseconds(first) : rest[min(rest.count - 1, Int(Double(rest.count) * fraction))]
            }
            firstMicroseconds = microseconds(first)
            p50Microseconds = percentile(0.5)
            p90Microseconds = percentile(0.9)
            p99Microseconds = percentile(0.99)
            maxMicroseconds = rest.last ?? firstMicroseconds
        }
    }

    /// How exactly a free-text property arrived.
    public struct FreeTextFigures: Sendable, Codable {
        public var property: String
        public var count: Int
        public var exact: Double
    }

    /// A readable summary: totals, the per-intent table and the failures.
    public func summary(showFailures: Bool = true) -> String {
        func percent(_ value: Double) -> String { String(format: "%5.1f %%", value * 100) }
        var lines = ["requests:            \(count)",
                     "intent accuracy:     \(percent(intentAccuracy))",
                     "app accuracy:        \(percent(appAccuracy))",
                     "exact-frame accuracy:\(percent(exactFrameAccuracy))",
                     String(format: "slots:               precision %.3f  recall %.3f  F1 %.3f", slotPrecision, slotRecall, slotF1),
                     "",
                     "INTENT                          N   INTENT   FRAME   SLOT-F1"]
        for figures in perIntent {
            lines.append(figures.intent.padding(toLength: 28, withPad: " ", startingAt: 0)
                + String(format: "%5d  ", figures.count) + percent(figures.intentAccuracy) + " "
                + percent(figures.exactFrameAccuracy) + String(format: "   %.3f", figures.slotF1))
        }
        for figures in freeText {
            lines.append("\(figures.property) exact:".padding(toLength: 21, withPad: " ", startingAt: 0)
                + percent(figures.exact) + " of \(figures.count)")
        }
        if let latency {
            lines.append(String(format: "time per request:    p50 %.0f µs  p90 %.0f µs  p99 %.0f µs  max %.0f µs (first %.1f ms)",
                                latency.p50Microseconds, latency.p90Microseconds, latency.p99Microseconds,
                                latency.maxMicroseconds, latency.firstMicroseconds / 1000))
        }
        if !recognizers.isEmpty {
            lines.append("")
            lines.append("RECOGNIZER          N   INTENT")
            for figures in recognizers {
                lines.append(figures.recognizer.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)
                    + String(format: "%7d  ", figures.count) + percent(figures.intentAccuracy))
            }
        }
        if !calibration.isEmpty {
            lines.append("")
            lines.append(String(format: "calibration (expected error %.3f):", calibrationError))
            lines.append("CONFIDENCE      N   MEAN   RIGHT")
            for bin in calibration where bin.count > 0 {
                lines.append(String(format: "%.1f–%.1f   %6d  %.3f  %.3f", bin.lower, bin.upper, bin.count, bin.meanConfidence,
                                    bin.accuracy))
            }
        }
        if showFailures, !failures.isEmpty {
            lines.append("")
            lines.append("failures (\(failures.count)):")
            for failure in failures {
                lines.append("  line \(failure.line): \(failure.text)")
                lines.append("    wrong: \(failure.differences.joined(separator: ", "))")
                if let error = failure.error { lines.append("    error: \(error)") }
                if let actual = failure.actual {
                    lines.append("    got:   \(actual.intent ?? "no intent") \(Self.json(actual.parameters)) app "
                                 + Self.appDescription(failure.actualApp, of: actual))
                }
                lines.append("    want:  \(failure.expected.intent ?? "no intent") \(Self.json(failure.expected.parameters ?? [:])) app \(failure.expected.app ?? "none")")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The app a failure was judged on, with where it came from when the request named none
    /// ("org.example.coinly (the only candidate)", "none (candidates: a, b)").
    static func appDescription(_ app: String?, of actual: UnderstoodRequest) -> String {
        if let app { return actual.app == nil ? "\(app) (the only candidate)" : app }
        return actual.candidateApps.count > 1 ? "none (candidates: \(actual.candidateApps.joined(separator: ", ")))" : "none"
    }

    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).flatMap { String(data: $0, encoding: .utf8) } ?? "?"
    }
}

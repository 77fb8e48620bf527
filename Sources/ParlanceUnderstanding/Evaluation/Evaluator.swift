import Foundation
import ParlanceCore

/// Scores understanding on a labelled set: intent accuracy, app accuracy, slot precision, recall
/// and F1, exact-frame accuracy (intent, app and every parameter right), per intent, with failures.
///
/// Values compare as the SDK's JSON, except that text ignores case, surrounding spaces and final
/// punctuation, and numbers compare to a millionth. The app compared is `judgedApp(of:)`, and a failure
/// shows that same app (`EvaluationReport.Failure.actualApp`).
public struct Evaluator: Sendable {
    private let understander: RequestUnderstander
    private let defaultLanguage: String?

    /// - Parameter defaultLanguage: the language of lines that do not give one (nil: the locale's).
    public init(understander: RequestUnderstander, defaultLanguage: String? = nil) {
        self.understander = understander
        self.defaultLanguage = defaultLanguage
    }

    /// Reads a JSON Lines file of `LabelledRequest`s (blank lines and lines starting with # are skipped).
    public static func load(_ url: URL) throws -> [(line: Int, request: LabelledRequest)] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var result: [(Int, LabelledRequest)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            do {
                result.append((index + 1, try JSONDecoder().decode(LabelledRequest.self, from: Data(trimmed.utf8))))
            } catch {
                throw EvaluationFileError(message: "\(url.lastPathComponent) line \(index + 1) is not a labelled request "
                    + "({\"text\", \"app\", \"intent\", \"parameters\"}): \(error)")
            }
        }
        return result
    }

    public func evaluate(_ set: [(line: Int, request: LabelledRequest)]) -> EvaluationReport {
        var intentHits = 0, appHits = 0, exactHits = 0
        var truePositives = 0, predicted = 0, expected = 0
        var perIntent: [String: (count: Int, intent: Int, exact: Int, tp: Int, predicted: Int, expected: Int)] = [:]
        var failures: [EvaluationReport.Failure] = []
        var decisions: [(confidence: Double, right: Bool)] = []
        var byRecognizer: [Recognizer: (count: Int, right: Int)] = [:]
        var freeText: [String: (count: Int, exact: Int)] = [:]
        var durations: [Duration] = []
        durations.reserveCapacity(set.count)
        let clock = ContinuousClock()
        for (line, labelled) in set {
            let key = labelled.intent ?? "(none)"
            var figures = perIntent[key] ?? (0, 0, 0, 0, 0, 0)
            figures.count += 1
            let wanted = Self.slots(labelled.parameters ?? [:])
            expected += wanted.count
            figures.expected += wanted.count
            let started = clock.now
            let outcome = Result { () throws(UnderstandingError) in
                try understander.understand(labelled.text, language: labelled.language ?? defaultLanguage)
            }
            durations.append(clock.now - started)
            let actual: UnderstoodRequest
            switch outcome {
            case .success(let understood):
                actual = understood
            case .failure(let error):
                failures.append(.init(line: line, text: labelled.text, expected: labelled, actual: nil, actualApp: nil,
                                      error: error.message,
                                      differences: ["error"]))
                perIntent[key] = figures
                continue
            }
            let got = actual.intent == nil ? [] : Self.slots(actual.parameters)
            let matched = got.filter { wanted.contains($0) }.count
            truePositives += matched
            predicted += got.count
            figures.tp += matched
            figures.predicted += got.count
            var differences: [String] = []
            if actual.intent == labelled.intent { intentHits += 1; figures.intent += 1 } else { differences.append("intent") }
            decisions.append((actual.confidence, actual.intent == labelled.intent))
            byRecognizer[actual.recognizer, default: (0, 0)].count += 1
            if actual.intent == labelled.intent { byRecognizer[actual.recognizer, default: (0, 0)].right += 1 }
            let app = Self.judgedApp(of: actual)
            if app == labelled.app { appHits += 1 } else { differences.append("app") }
            for property in [ParameterName.content.rawValue, ParameterName.note.rawValue] where labelled.parameters?[property] != nil {
                freeText[property, default: (0, 0)].count += 1
                if Set(got.filter { $0.name == property }) == Set(wanted.filter { $0.name == property }) {
                    freeText[property, default: (0, 0)].exact += 1
                }
            }
            let names = Set(got.map(\.name)).union(wanted.map(\.name))
            for name in names.sorted() where Set(got.filter { $0.name == name }) != Set(wanted.filter { $0.name == name }) {
                differences.append("parameters." + name)
            }
            if differences.isEmpty {
                exactHits += 1
                figures.exact += 1
            } else {
                failures.append(.init(line: line, text: labelled.text, expected: labelled, actual: actual, actualApp: app,
                                      error: nil, differences: differences))
            }
            perIntent[key] = figures
        }
        let count = max(set.count, 1)
        let (calibration, calibrationError) = Self.calibration(decisions)
        let recognizers = Recognizer.allCases.compactMap { recognizer in
            byRecognizer[recognizer].map {
                EvaluationReport.RecognizerFigures(recognizer: recognizer, count: $0.count,
                                                   intentAccuracy: Double($0.right) / Double(max($0.count, 1)))
            }
        }
        let precision = predicted == 0 ? 1 : Double(truePositives) / Double(predicted)
        let recall = expected == 0 ? 1 : Double(truePositives) / Double(expected)
        return EvaluationReport(
            count: set.count, intentAccuracy: Double(intentHits) / Double(count), appAccuracy: Double(appHits) / Double(count),
            exactFrameAccuracy: Double(exactHits) / Double(count), slotPrecision: precision, slotRecall: recall,
            slotF1: Self.f1(precision, recall),
            perIntent: perIntent.keys.sorted().map { intent in
                let f = perIntent[intent] ?? (1, 0, 0, 0, 0, 0)
                let p = f.predicted == 0 ? 1 : Double(f.tp) / Double(f.predicted)
                let r = f.expected == 0 ? 1 : Double(f.tp) / Double(f.expected)
                return .init(intent: intent, count: f.count, intentAccuracy: Double(f.intent) / Double(f.count),
                             exactFrameAccuracy: Double(f.exact) / Double(f.count), slotF1: Self.f1(p, r))
            },
            failures: failures, calibration: calibration, calibrationError: calibrationError, recognizers: recognizers,
            freeText: freeText.keys.sorted().compactMap { property in
                freeText[property].map { .init(property: property, count: $0.count, exact: Double($0.exact) / Double(max($0.count, 1))) }
            }, latency: EvaluationReport.Latency(durations))
    }

    /// The app a request goes to without the conversation asking which: the app it names, else the only
    /// installed app that can serve it (`UnderstoodRequest.app`, else its one `candidateApps` entry); nil
    /// when it names none and several could serve, or none can. A labelled line's `app` is compared with this.
    public static func judgedApp(of understood: UnderstoodRequest) -> String? {
        understood.app ?? (understood.candidateApps.count == 1 ? understood.candidateApps.first : nil)
    }

    /// Decisions in ten confidence bins, and the expected calibration error.
    static func calibration(_ decisions: [(confidence: Double, right: Bool)]) -> ([EvaluationReport.CalibrationBin], Double) {
        var bins: [EvaluationReport.CalibrationBin] = (0..<10).map {
            .init(lower: Double($0) / 10, upper: Double($0 + 1) / 10, count: 0, meanConfidence: 0, accuracy: 0)
        }
        for decision in decisions {
            let index = min(9, max(0, Int(decision.confidence * 10)))
            bins[index].count += 1
            bins[index].meanConfidence += decision.confidence
            bins[index].accuracy += decision.right ? 1 : 0
        }
        var error = 0.0
        for index in bins.indices where bins[index].count > 0 {
            bins[index].meanConfidence /= Double(bins[index].count)
            bins[index].accuracy /= Double(bins[index].count)
            error += Double(bins[index].count) * abs(bins[index].meanConfidence - bins[index].accuracy)
        }
        return (bins, decisions.isEmpty ? 0 : error / Double(decisions.count))
    }

    private static func f1(_ precision: Double, _ recall: Double) -> Double {
        precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
    }

    /// One compared value: a parameter, or one element of a list parameter.
    struct Slot: Hashable {
        var name: String
        var value: String
    }

    static func slots(_ parameters: [String: JSONValue]) -> [Slot] {
        var slots: [Slot] = []
        for (name, value) in parameters {
            if case .array(let items) = value {
                slots += items.map { Slot(name: name, value: normalized($0)) }
            } else {
                slots.append(Slot(name: name, value: normalized(value)))
            }
        }
        return slots
    }

    private static func normalized(_ value: JSONValue) -> String {
        switch value {
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ".!?,;:\"'")))
            return "\"" + trimmed.lowercased() + "\""
        case .number(let number): return String(format: "%.6f", number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(normalized).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { "\($0):" + normalized(members[$0] ?? .null) }.joined(separator: ",") + "}"
        }
    }
}

/// A labelled set that cannot be read.
public struct EvaluationFileError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}

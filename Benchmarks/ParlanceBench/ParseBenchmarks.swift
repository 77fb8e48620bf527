import Foundation
import Intents
import ParlanceScripts
import ParlanceUnderstanding

/// Understanding latency: every request of the English dev set, against the evaluation apps with
/// their vocabulary plus a large synthetic contact list, and the process's memory afterwards.
enum ParseBenchmarks {
    /// Another set of apps, vocabulary and requests than the dev set's (`--apps`, `--vocabulary`, `--requests`),
    /// such as the side-by-side benchmark's.
    struct Workload {
        var apps: URL?
        var vocabulary: URL?
        var requests: URL?
    }

    static func run(entries: Int, evaluation: URL, iterations: Int, language: String = "en", workload: Workload = Workload()) throws {
        let rssBefore = residentMegabytes()
        let store = try EvaluationSetup.store(apps: workload.apps ?? evaluation.appendingPathComponent("apps-dev"),
                                              vocabulary: workload.vocabulary ?? evaluation.appendingPathComponent("en/vocabulary-dev.json"))
        // Spread the entries over the apps that take contact names, as a user's address book would be.
        let apps = ["org.example.chatterly", "org.example.ringo", "org.example.coinly", "org.example.whisper"]
        let names = syntheticNames(entries)
        let share = (names.count + apps.count - 1) / apps.count
        for (index, app) in apps.enumerated() where entries > 0 {
            let slice = Array(names[min(names.count, index * share)..<min(names.count, (index + 1) * share)])
            _ = try store.replaceVocabulary(slice, type: .contactName, app: app)
        }
        let requests = try Evaluator.load(workload.requests ?? evaluation.appendingPathComponent("\(language)/dev.jsonl")).map(\.request.text)
        let understander = RequestUnderstander(store: store, defaultCurrency: "USD")
        let clock = ContinuousClock()
        let first = try clock.measure { _ = try understander.understand(requests[0], language: language) }
        var samples: [Duration] = []
        samples.reserveCapacity(iterations)
        for index in 0..<iterations {
            let text = requests[index % requests.count]
            samples.append(try clock.measure { _ = try understander.understand(text, language: language) })
        }
        print("understanding (\(language)), \(requests.count) \(workload.requests == nil ? "dev-set " : "")requests × "
            + "\(iterations / requests.count), \(workload.apps == nil ? "7 apps" : "apps of \(workload.apps?.path ?? "")"), "
            + "\(entries) user vocabulary entries")
        print(String(format: "first request (train models, build vocabulary index): %.1f ms",
                     Double(first / .microseconds(1)) / 1000))
        print(Percentiles(samples).line("per request"))
        print(String(format: "resident memory: %.1f MB before, %.1f MB after", rssBefore, residentMegabytes()))
    }

    /// Distinct realistic names: first name × family name, with middle initials past the product.
    static func syntheticNames(_ count: Int) -> [String] {
        let first = ["Ada", "Ben", "Cleo", "Dev", "Esme", "Finn", "Gia", "Hal", "Iris", "Jude", "Kai", "Lena", "Milo",
                     "Nora", "Otto", "Pia", "Quentin", "Rhea", "Sol", "Tess", "Ugo", "Vita", "Wes", "Xena", "Yves", "Zora",
                     "Amir", "Bea", "Cyrus", "Dalia", "Emeka", "Freya", "Goran", "Hedda", "Ivo", "Jana", "Kenji", "Lior",
                     "Maren", "Nico"]
        let family = ["Abbott", "Baker", "Castro", "Dubois", "Eriksen", "Fischer", "Garcia", "Hoang", "Ivanova", "Jensen",
                      "Kowalski", "Larsen", "Moreau", "Nakamura", "Okafor", "Petrov", "Quinn", "Rossi", "Schmidt",
                      "Tanaka", "Ueda", "Varga", "Weber", "Xu", "Yilmaz", "Zhang", "Ahmed", "Bianchi", "Costa", "Dimitrov",
                      "Esposito", "Fernandes", "Gruber", "Horvat", "Ito", "Jovanovic", "Kim", "Lopez", "Meyer", "Novak",
                      "Olsen", "Park", "Reyes", "Silva", "Torres", "Urban", "Vogel", "Wagner", "Young", "Zimmer"]
        var names: [String] = []
        names.reserveCapacity(count)
        var middle = 0
        while names.count < count {
            for f in first {
                for l in family where names.count < count {
                    names.append(middle == 0 ? "\(f) \(l)" : "\(f) \(Character(UnicodeScalar(64 + middle) ?? "A")). \(l)")
                }
            }
            middle += 1
        }
        return names
    }

    static func residentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes / 1024
    }
}

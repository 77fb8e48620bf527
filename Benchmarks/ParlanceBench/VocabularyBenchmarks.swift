import Foundation
import Intents
import ParlanceStore

/// Replacing a large contact list in the store, on disk (WAL, synchronous=FULL).
enum VocabularyBenchmarks {
    static func replace(count: Int, runs: Int) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-vocab-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let store = try AssistantStore.open(home: home)
        var samples: [Duration] = []
        for run in 0..<runs {
            let names = (0..<count).map { "Contact \(run) Person \($0) Bobo" }
            let start = ContinuousClock.now
            try store.replaceVocabulary(names, type: .contactName, app: "com.example.monkeychat")
            samples.append(ContinuousClock.now - start)
        }
        let sorted = samples.sorted()
        func ms(_ duration: Duration) -> String { String(format: "%.1f ms", Double(duration / .microseconds(1)) / 1000) }
        print("replace \(count) contact names (\(runs) runs): median \(ms(sorted[sorted.count / 2]))  max \(ms(sorted.last ?? .zero))")
    }
}

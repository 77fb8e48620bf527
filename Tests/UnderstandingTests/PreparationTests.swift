import Foundation
import ParlanceCore
import ParlanceTesting
import ParlanceUnderstanding
import Synchronization
import TestSupport
import Testing

/// `prepare(language:)` trains a model on a thread of its own: the caller's executor stays free for other
/// work meanwhile (a conversation or the server never holds a cooperative thread for the seconds training takes).
@Suite struct PreparationTests {
    @Test func aModelIsTrainedOffTheCallersThread() async throws {
        // Examples no other test has, so the model is trained here, not found in the process's cache.
        let probe = "prepare the probe \(UUID().uuidString.prefix(8).lowercased()) now"
        let app = AppBundle.fixture(identifier: "org.example.preparation", displayName: "Preparo",
                                    intents: ["INSendMessageIntent"], examples: ["INSendMessageIntent": [probe]])
        let understander = RequestUnderstander(apps: [app], defaultCurrency: "USD")
        // One thread: were the model trained on the caller's thread, nothing else could run on it until the end.
        let executor = DedicatedTestExecutor(width: 1)
        let prepared = Flag()
        let sawItStillPreparing = await withTaskExecutorPreference(executor) {
            await withTaskGroup(of: Bool?.self) { group in
                group.addTask {
                    await understander.prepare(language: "en")
                    prepared.raise()
                    return nil
                }
                group.addTask {
                    try? await Task.sleep(for: .milliseconds(20))
                    return !prepared.isRaised
                }
                var seen: Bool?
                for await result in group { if let result { seen = result } }
                return seen
            }
        }
        #expect(sawItStillPreparing == true, "the other task ran only after training was over")
        #expect(prepared.isRaised)
        let result = try understander.understand("Preparo send Bobo hello", language: "en")
        #expect(result.app == "org.example.preparation")
        await understander.prepare(language: "en")  // ready: returns at once
        await understander.prepare(language: "tlh")  // not a language: left for `understand` to refuse
        #expect(throws: UnderstandingError.self) { try understander.understand("nuqneH", language: "tlh") }
    }
}

/// A flag one task raises and another reads.
private final class Flag: Sendable {
    private let raised = Atomic(false)
    var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }
    func raise() { raised.store(true, ordering: .sequentiallyConsistent) }
}

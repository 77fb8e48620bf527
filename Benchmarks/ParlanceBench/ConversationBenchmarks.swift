import ExtensionRuntime
import Foundation
import Intents
import ParlanceCore
import ParlanceEngine
import ParlanceHosting
import ParlanceStore
import ParlanceUnderstanding

/// Assistant overhead per conversation turn: a whole request ("MonkeyChat Bobo send more bananas":
/// understand, resolve every parameter, confirm, journal, handle, present, save) against an
/// in-process extension that answers at once, so app time is ~0 and extensions are warm. The store
/// is a real SQLite file in the temporary folder, so the durable writes are included (one synced commit a
/// turn, the journal's "sent", with "finished" synced just after off the turn's path; `TMPDIR=/dev/shm`
/// leaves the disk's syncs out), and every call
/// is written to the app's activity log as in `parlance chat` (`--no-activity-log` leaves it out). Each turn's
/// time in extension calls (`TurnTimeMeter`) is reported apart from the rest. As every front end does
/// (`parlance chat`, the server, `listen`), the conversation is told after each answer that it was shown
/// (`delivered()`, which forgets the finished request's saved state): that write comes after the answer, in
/// the user's reading time, and is timed and reported apart.
enum ConversationBenchmarks {
    static func run(turns: Int, activityLog: Bool) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let store = try AssistantStore.open(home: home)
        let extensionInfo = AppExtensionInfo(identifier: "com.example.benchchat.intents", kind: .intents,
                                             intentsSupported: ["INSendMessageIntent"], executable: "/bin/true",
                                             path: home.path)
        let vocabulary = AppIntentVocabulary(intentPhrases: [IntentPhrase(intentName: "INSendMessageIntent",
                                                                          examples: ["Send a MonkeyChat message to Bobo"])])
        try store.install(AppBundle(identifier: "com.example.benchchat", displayName: "MonkeyChat", path: home.path,
                                    extensions: [extensionInfo], vocabularies: ["en": vocabulary]))
        try store.setPermission(.allowed, for: "com.example.benchchat")
        try store.replaceVocabulary(["Bobo", "Kiki"], type: .contactName, app: "com.example.benchchat")
        let host = ExtensionHost(launcher: InProcessLauncher(["com.example.benchchat.intents": { BenchChat() }]),
                                 activity: activityLog ? ExtensionActivityLog(home: home) : nil)
        let conversation = Conversation(apps: store, store: store, home: store.home?.path, host: host, understander: RequestUnderstander(store: store,
                                        defaultCurrency: "USD"))
        for _ in 0..<50 {
            _ = await conversation.respond(to: "MonkeyChat Bobo send more bananas")
            _ = await conversation.delivered()
        }
        var samples: [Duration] = []
        var afterAnswer: [Duration] = []
        var together: [Duration] = []
        var inCalls: [Duration] = []
        var outsideCalls: [Duration] = []
        samples.reserveCapacity(turns)
        let clock = ContinuousClock()
        for _ in 0..<turns {
            let meter = TurnTimeMeter()
            let start = clock.now
            let reply = await TurnTimeMeter.$current.withValue(meter) {
                await conversation.respond(to: "MonkeyChat Bobo send more bananas")
            }
            let whole = clock.now - start
            let shown = clock.now
            if let failure = await conversation.delivered() {
                print("unexpected failure: \(failure.speech)")
                exit(1)
            }
            afterAnswer.append(clock.now - shown)
            together.append(clock.now - start)
            samples.append(whole)
            inCalls.append(meter.elapsed(.app))
            outsideCalls.append(whole - meter.elapsed(.app))
            guard reply.last?.step == "handled" else {
                print("unexpected turn: \(reply.map(\.speech))")
                exit(1)
            }
        }
        await host.shutdown()
        samples.sort()
        inCalls.sort()
        outsideCalls.sort()
        afterAnswer.sort()
        together.sort()
        func at(_ fraction: Double, of sorted: [Duration] = samples) -> String {
            let value = sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
            return String(format: "%.2f ms", Double(value.components.attoseconds) / 1e15 + Double(value.components.seconds) * 1000)
        }
        print("conversation turn (understand → resolve \(ConversationFacts.parameters(of: "INSendMessageIntent").count) parameters "
              + "→ confirm → journal → handle → present → save), \(turns) turns, in-process extension, SQLite in "
              + "\(FileManager.default.temporaryDirectory.path), "
              + (activityLog ? "activity log on:" : "no activity log:"))
        print("  of which in the extension calls (host, wire, the extension, the journal's sent mark): p50 \(at(0.5, of: inCalls)); "
              + "the rest (understanding, engine, store): p50 \(at(0.5, of: outsideCalls))")
        print("  p50 \(at(0.5))   p90 \(at(0.9))   p99 \(at(0.99))")
        print("  after the answer was shown (delivered: the finished request's state forgotten): p50 \(at(0.5, of: afterAnswer)); "
              + "answer and that together: p50 \(at(0.5, of: together))")
    }
}

/// A messaging extension that answers at once: success for every value.
final class BenchChat: INExtension, @unchecked Sendable {
    override func handler(for intent: INIntent) -> Any? { intent is INSendMessageIntent ? BenchChatHandler() : nil }
}

final class BenchChatHandler: NSObject, INSendMessageIntentHandling {
    func resolveRecipients(for intent: INSendMessageIntent) async -> [INSendMessageRecipientResolutionResult] {
        (intent.recipients ?? []).map { .success(with: $0) }
    }
    func resolveContent(for intent: INSendMessageIntent) async -> INStringResolutionResult {
        .success(with: intent.content ?? "")
    }
    func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        INSendMessageIntentResponse(code: .success, userActivity: nil)
    }
}

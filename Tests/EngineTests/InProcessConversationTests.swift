import Foundation
import Intents
import ParlanceCore
import ParlanceEngine
import ParlancePresentation
import ParlanceTesting
import ParlanceUnderstanding
import Synchronization
import TestSupport
import Testing

/// Whole conversations in memory: the engine, a `MemoryStore` and extensions inside the test process.
@Suite(.serialized, .computesAtLength)
struct InProcessConversationTests {
    static let chat = AppBundle.fixture(identifier: "com.example.chat", displayName: "MonkeyChat",
                                        intents: ["INSendMessageIntent"],
                                        examples: ["INSendMessageIntent": ["Send a MonkeyChat message to Bobo"]],
                                        usageDescription: "MonkeyChat sends your messages.")
    static let pay = AppBundle.fixture(identifier: "com.example.pay", displayName: "MonkeyPay",
                                       intents: ["INSendPaymentIntent"],
                                       examples: ["INSendPaymentIntent": ["Pay Bobo 5 dollars with MonkeyPay"]])

    @Test("a message is resolved, handled and told, and nothing is left in the store")
    func message() async throws {
        let sent = Sent()
        let assistant = InProcessAssistant(apps: [InProcessApp(Self.chat) { ChatExtension(sent: sent) }])
        let turns = await assistant.say("MonkeyChat Bobo send more bananas")
        #expect(turns.last?.step == "handled", "\(turns.map(\.speech))")
        #expect(turns.last?.speech == "Sent “send more bananas” to Bobo.")
        #expect(sent.messages == ["send more bananas"])
        #expect(assistant.store.journalCount() == 1)
        #expect(try assistant.store.conversationState(session: "test") == nil)
        #expect(try assistant.store.journalEntry(intentIdentifier: "request-1") != nil)
        await assistant.shutdown()
    }

    @Test("a missing value is asked for, the question is saved, and the answer completes the request")
    func question() async throws {
        let sent = Sent()
        let assistant = InProcessAssistant(apps: [InProcessApp(Self.chat) { ChatExtension(sent: sent) }])
        let asked = await assistant.say("send a MonkeyChat message to Bobo")
        #expect(asked.last?.step == "value:content", "\(asked.map(\.speech))")
        let saved = try #require(try assistant.store.conversationState(session: "test"))
        let state = try JSONDecoder().decode(ConversationState.self, from: saved)
        #expect(state.question == PendingQuestion.value(parameter: "content", element: nil, reason: .missing))
        // Words that came from an answer are read back; nothing is sent before the yes.
        let readBack = await assistant.say("see you soon")
        #expect(readBack.last?.step == "confirmIntent", "\(readBack.map(\.speech))")
        #expect(sent.messages.isEmpty)
        let done = await assistant.say("yes")
        #expect(done.last?.step == "handled", "\(done.map(\.speech))")
        #expect(sent.messages == ["see you soon"])
        await assistant.shutdown()
    }

    @Test("permission is asked on first use; a no is remembered and the extension never called")
    func permission() async throws {
        let sent = Sent()
        let assistant = InProcessAssistant(apps: [InProcessApp(Self.chat) { ChatExtension(sent: sent) }], permission: .notDetermined)
        let asked = await assistant.say("MonkeyChat Bobo send more bananas")
        #expect(asked.last?.step == "permission")
        #expect(asked.last?.speech.contains("MonkeyChat sends your messages.") == true)
        let denied = await assistant.say("no")
        #expect(denied.last?.step == "permissionDenied")
        #expect(try assistant.store.app("com.example.chat")?.permission == .denied)
        #expect(sent.messages.isEmpty)
        await assistant.shutdown()
    }

    /// Another run of the assistant over the same apps and extensions, writing through `store` (a
    /// crashing twin, or the real store for the run after the crash).
    static func conversation(of assistant: InProcessAssistant, over store: any ConversationStore) -> Conversation {
        Conversation(apps: assistant.store, store: store, home: nil, host: assistant.host,
                     understander: RequestUnderstander(store: assistant.store, defaultCurrency: "USD"), session: "test")
    }

    @Test("a payment needs a yes; a crash after the journal entry is settled on resume, never paid twice")
    func paymentAndCrash() async throws {
        let paid = Sent()
        let assistant = InProcessAssistant(apps: [InProcessApp(Self.pay) { PayExtension(paid: paid) }])
        let asked = await assistant.say("pay Bobo 20 dollars with MonkeyPay")
        #expect(asked.last?.step == "confirmIntent", "\(asked.map(\.speech))")
        // The same store, seen by an assistant that dies right after journalling handle.
        let crashing = CrashingStore(assistant.store)
        let dying = Self.conversation(of: assistant, over: crashing)
        _ = await dying.resume()
        crashing.arm(.beforeHandle)
        _ = await dying.respond(to: "yes")
        #expect(crashing.crashed)
        #expect(paid.messages.isEmpty, "the extension was never asked")
        let restarted = Conversation(apps: assistant.store, store: assistant.store, home: nil, host: assistant.host,
                                     understander: RequestUnderstander(store: assistant.store, defaultCurrency: "USD"),
                                     session: "test")
        let told = await restarted.resume()
        #expect(told.last?.step == "interrupted", "\(told.map(\.speech))")
        #expect(await restarted.respond(to: "yes").last?.step == "notUnderstood")
        #expect(paid.messages.isEmpty)
        await assistant.shutdown()
    }

    /// An app that answers a repeated intent from its record keeps that record in its app data, in the home of the
    /// assistant that sent it: after a crash, only an assistant with that home sends it again; another (a second
    /// server on the same database) tells the user the outcome is unknown and never sends it.
    @Test("a handle sent before a crash is sent again only from the home whose app data holds the app's record",
          arguments: [true, false])
    func resendOnlyFromTheSameHome(sameHome: Bool) async throws {
        let paid = Sent()
        var bundle = Self.pay
        bundle.extensions = bundle.extensions.map { info in
            var info = info
            if info.kind == .intents { info.handleIsIdempotent = true }
            return info
        }
        let assistant = InProcessAssistant(apps: [InProcessApp(bundle) { PayExtension(paid: paid) }])
        _ = await assistant.say("pay Bobo 20 dollars with MonkeyPay")
        let homes = ["a", "b"].map { FileManager.default.temporaryDirectory.appendingPathComponent("resend-home-\($0)").path }
        func conversation(home: String, over store: any ConversationStore) -> Conversation {
            Conversation(apps: assistant.store, store: store, home: home, host: assistant.host,
                         understander: RequestUnderstander(store: assistant.store, defaultCurrency: "USD"), session: "test")
        }
        let crashing = CrashingStore(assistant.store)
        let dying = conversation(home: homes[0], over: crashing)
        _ = await dying.resume()
        crashing.arm(.beforeHandle)
        _ = await dying.respond(to: "yes")
        #expect(crashing.crashed)
        let restarted = conversation(home: sameHome ? homes[0] : homes[1], over: assistant.store)
        let told = await restarted.resume()
        if sameHome {
            #expect(told.last?.kind == .result, "asked again, answered from the app's record: \(told.map(\.speech))")
            #expect(paid.messages.count == 1)
        } else {
            #expect(told.last?.step == "interrupted", "\(told.map(\.speech))")
            #expect(paid.messages.isEmpty, "another home's copy of the app would do it again")
        }
        await assistant.shutdown()
    }

    /// With the extension running, the decision and the send are one write, so a crash before it leaves
    /// nothing in the journal; when the extension must start first, the decision is written before the
    /// start. Either way the request is asked again on resume and paid once.
    @Test("a crash after the yes but before handle was sent asks again and pays once", arguments: [true, false])
    func crashBeforeSending(extensionRunning: Bool) async throws {
        let paid = Sent()
        let assistant = InProcessAssistant(apps: [InProcessApp(Self.pay) { PayExtension(paid: paid) }])
        _ = await assistant.say("pay Bobo 20 dollars with MonkeyPay")
        if !extensionRunning {
            for identifier in await assistant.host.runningExtensions { await assistant.host.stop(identifier) }
        }
        let crashing = CrashingStore(assistant.store)
        let dying = Self.conversation(of: assistant, over: crashing)
        _ = await dying.resume()
        crashing.arm(.beforeSend)
        _ = await dying.respond(to: "yes")
        #expect(crashing.crashed)
        #expect(paid.messages.isEmpty)
        let journalled = try assistant.store.journalEntry(intentIdentifier: "request-1")
        if extensionRunning {
            #expect(journalled == nil, "decided and sent are one write: nothing of it reached the journal")
        } else {
            guard case .decided? = journalled else {
                Issue.record("the journal should hold the decision, written before the extension started: \(String(describing: journalled))")
                return
            }
        }
        let restarted = Conversation(apps: assistant.store, store: assistant.store, home: nil, host: assistant.host,
                                     understander: RequestUnderstander(store: assistant.store, defaultCurrency: "USD"),
                                     session: "test")
        let told = await restarted.resume()
        #expect(told.last?.step == "confirmIntent", "never sent, so asked again: \(told.map(\.speech))")
        let done = await restarted.respond(to: "yes")
        #expect(done.last?.kind == .result, "\(done.map(\.speech))")
        #expect(paid.messages.count == 1)
        await assistant.shutdown()
    }
}

/// What the in-process extensions did.
final class Sent: Sendable {
    private let list = Mutex<[String]>([])
    var messages: [String] { list.withLock { $0 } }
    func add(_ text: String) { list.withLock { $0.append(text) } }
}

final class ChatExtension: INExtension, @unchecked Sendable {
    let sent: Sent
    init(sent: Sent) { self.sent = sent }
    override func handler(for intent: INIntent) -> Any? { intent is INSendMessageIntent ? ChatHandler(sent: sent) : nil }
}

final class ChatHandler: NSObject, INSendMessageIntentHandling, @unchecked Sendable {
    let sent: Sent
    init(sent: Sent) { self.sent = sent }
    func resolveRecipients(for intent: INSendMessageIntent) async -> [INSendMessageRecipientResolutionResult] {
        guard let recipients = intent.recipients, !recipients.isEmpty else { return [.needsValue()] }
        return recipients.map { .success(with: $0) }
    }
    func resolveContent(for intent: INSendMessageIntent) async -> INStringResolutionResult {
        guard let content = intent.content, !content.isEmpty else { return .needsValue() }
        return .success(with: content)
    }
    func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        sent.add(intent.content ?? "")
        return INSendMessageIntentResponse(code: .success, userActivity: nil)
    }
}

final class PayExtension: INExtension, @unchecked Sendable {
    let paid: Sent
    init(paid: Sent) { self.paid = paid }
    override func handler(for intent: INIntent) -> Any? { intent is INSendPaymentIntent ? PayHandler(paid: paid) : nil }
}

final class PayHandler: NSObject, INSendPaymentIntentHandling, @unchecked Sendable {
    let paid: Sent
    init(paid: Sent) { self.paid = paid }
    func handle(intent: INSendPaymentIntent) async -> INSendPaymentIntentResponse {
        paid.add(intent.payee?.displayName ?? "")
        return INSendPaymentIntentResponse(code: .success, userActivity: nil)
    }
}

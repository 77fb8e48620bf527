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

/// Issue 44, whole conversations: an app is opened to finish a request only after the user's yes (or an
/// "always" said for it before), in every language. An opening is the `handoff` turn: the only turn the
/// engine makes after running the app's launch command (how that command runs, sandboxed, is the hosting
/// tests' business; here it may fail, as where bubblewrap is missing, and the turn is still `handoff`).
@Suite(.serialized, .computesAtLength)
struct HandOffConversationTests {
    /// MonkeyChat, whose extension wants the app to finish every message.
    struct Fixture {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("handoff-\(UUID().uuidString)")
        let bundle: AppBundle
        let sent = Sent()

        init() throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var bundle = AppBundle.fixture(identifier: "com.example.chat", displayName: "MonkeyChat",
                                           intents: ["INSendMessageIntent"],
                                           examples: ["INSendMessageIntent": ["Send a MonkeyChat message to Bobo"]])
            bundle.launchCommand = ["/bin/sh", "-c", "exit 0"]
            bundle.codeFingerprint = "code-1"
            bundle.path = folder.path  // the launch command runs in the app's folder
            self.bundle = bundle
        }

        var app: InProcessApp {
            let sent = sent
            return InProcessApp(bundle) { HandOffChatExtension(sent: sent) }
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    static let request = "MonkeyChat Bobo send more bananas"

    @Test("the app is opened only after a yes; no leaves it closed with a plain word and the app's answer")
    func askedBeforeLaunch() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let assistant = InProcessAssistant(apps: [fixture.app])
        let asked = await assistant.say(Self.request)
        let question = try #require(asked.last)
        #expect(question.step == "openApp", "\(asked.map(\.speech))")
        #expect(question.kind == .question)
        #expect(question.speech == "Open MonkeyChat to finish this?")
        #expect(question.options == ["Yes", "No", "Always"])
        #expect(question.card?.rows.contains { $0.value.contains("Bobo") } == true, "the app's answer is shown")
        #expect(fixture.sent.messages == ["send more bananas"], "the extension answered")
        #expect(!asked.contains { $0.step == "handoff" }, "nothing runs before the user answers")
        let saved = try #require(try assistant.store.conversationState(session: "test"))
        #expect(try JSONDecoder().decode(ConversationState.self, from: saved).question?.isOpenApp == true)

        let refused = await assistant.say("no")
        #expect(refused.last?.step == "notOpened", "\(refused.map(\.speech))")
        #expect(refused.last?.speech == "OK, I won't open MonkeyChat.")
        #expect(refused.last?.card?.rows.contains { $0.value.contains("Bobo") } == true)
        #expect(!refused.contains { $0.step == "handoff" })
        #expect(try assistant.store.opensWithoutAsking("com.example.chat") == false)

        _ = await assistant.say(Self.request)
        let opened = await assistant.say("yes")
        #expect(opened.last?.step == "handoff", "\(opened.map(\.speech))")
        #expect(try assistant.store.opensWithoutAsking("com.example.chat") == false, "a yes is for this time only")
        #expect(await assistant.say(Self.request).last?.step == "openApp")
        let cancelled = await assistant.say("cancel")
        #expect(cancelled.map(\.step) == ["cancelled"])
        await assistant.shutdown()
    }

    @Test("an unrelated reply at the question is no yes: asked again, or a new request that opens nothing")
    func unrelatedReplyIsNotConsent() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let pay = AppBundle.fixture(identifier: "com.example.pay", displayName: "MonkeyPay", intents: ["INSendPaymentIntent"],
                                    examples: ["INSendPaymentIntent": ["Pay Bobo 5 dollars with MonkeyPay"]])
        let paid = Sent()
        let assistant = InProcessAssistant(apps: [fixture.app, InProcessApp(pay) { PayExtension(paid: paid) }])
        _ = await assistant.say(Self.request)
        for reply in ["bananas", "yes and no", "yes, and send Kiki a message", "the weather please"] {
            let again = await assistant.say(reply)
            #expect(!again.contains { $0.step == "handoff" }, "\(reply): \(again.map(\.speech))")
            if again.last?.step != "openApp" { break }
        }
        _ = await assistant.say("cancel")

        _ = await assistant.say(Self.request)
        let replaced = await assistant.say("pay Bobo 5 dollars with MonkeyPay")
        #expect(replaced.last?.step == "confirmIntent", "\(replaced.map(\.speech))")
        #expect(try assistant.store.opensWithoutAsking("com.example.chat") == false)
        await assistant.shutdown()
    }

    @Test("always opens the app and is remembered: not asked the next time, nor after a restart, until taken back")
    func alwaysIsRemembered() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let assistant = InProcessAssistant(apps: [fixture.app])
        _ = await assistant.say(Self.request)
        let always = await assistant.say("always")
        #expect(always.last?.step == "handoff", "\(always.map(\.speech))")
        #expect(try assistant.store.opensWithoutAsking("com.example.chat"))

        let next = await assistant.say(Self.request)
        #expect(next.map(\.step) == ["handoff"], "\(next.map(\.speech))")

        // Another run of the assistant over the same store: the decision is the store's, not the conversation's.
        let restarted = Self.conversation(over: assistant)
        #expect(await restarted.resume().isEmpty)
        #expect(await restarted.respond(to: Self.request).last?.step == "handoff")

        // Changed code (its launch program, say) is not the app the user said always for.
        var changed = fixture.bundle
        changed.codeFingerprint = "code-2"
        assistant.store.install(changed)
        #expect(await restarted.respond(to: Self.request).last?.step == "openApp")
        #expect(await restarted.respond(to: "always").last?.step == "handoff")
        #expect(await restarted.respond(to: Self.request).last?.step == "handoff")

        try assistant.store.setOpensWithoutAsking(false, for: "com.example.chat")
        #expect(await restarted.respond(to: Self.request).last?.step == "openApp")
        await assistant.shutdown()
    }

    /// The question and its answers in each language: the options shown are words the language reads as
    /// yes, no and always, and so are the words typed.
    /// Each language: the start of its question, and replies with what each means.
    static let languageCases: [(language: String, question: String, replies: [(String, String)])] = [
        ("en", "Open MonkeyChat", [("yes", "yes"), ("no", "no"), ("always", "always"), ("Yes", "yes"), ("No", "no"),
                                   ("Always", "always"), ("don't ask again", "always"), ("the third one", "always")]),
        ("de", "MonkeyChat öffnen", [("ja", "yes"), ("nein", "no"), ("immer", "always"), ("Ja", "yes"), ("Nein", "no"),
                                     ("Immer", "always"), ("nicht mehr fragen", "always")]),
        ("fr", "Ouvrir MonkeyChat", [("oui", "yes"), ("non", "no"), ("toujours", "always"), ("Oui", "yes"), ("Non", "no"),
                                     ("Toujours", "always"), ("ne plus demander", "always")]),
        ("it", "Apro MonkeyChat", [("sì", "yes"), ("no", "no"), ("sempre", "always"), ("Sì", "yes"), ("No", "no"),
                                   ("Sempre", "always"), ("non chiedere più", "always")]),
        ("ja", "MonkeyChatを開いて", [("はい", "yes"), ("いいえ", "no"), ("いつも", "always"), ("毎回", "always"),
                                      ("もう聞かないで", "always")]),
        ("zh", "打开MonkeyChat", [("是", "yes"), ("不", "no"), ("总是", "always"), ("每次", "always"), ("不用再问", "always")]),
    ]

    @Test("yes, no and always in six languages", arguments: languageCases)
    func languages(language: String, question: String, replies: [(String, String)]) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let assistant = InProcessAssistant(apps: [fixture.app], language: language)
        let understander = RequestUnderstander(store: assistant.store, defaultCurrency: "USD")
        let options = ConversationPresenter(mode: .visual, language: language).openAppOptions
        #expect(options.count == 3)
        for (reply, meaning) in replies {
            try assistant.store.setOpensWithoutAsking(false, for: "com.example.chat")
            let conversation = try Self.askingToOpen(assistant, language: language, understander: understander)
            let asked = await conversation.resume()
            #expect(asked.last?.speech.contains(question) == true, "\(asked.map(\.speech))")
            #expect(asked.last?.options == options)
            let answered = await conversation.respond(to: reply)
            let step = meaning == "no" ? "notOpened" : "handoff"
            #expect(answered.last?.step == step, "\(language) “\(reply)”: \(answered.map(\.speech))")
            #expect(answered.filter { $0.step == "handoff" }.count == (meaning == "no" ? 0 : 1), "\(language) “\(reply)”")
            #expect(try assistant.store.opensWithoutAsking("com.example.chat") == (meaning == "always"), "\(language) “\(reply)”")
        }
        await assistant.shutdown()
    }

    // MARK: Helpers

    /// Another run of the assistant over the same store and extensions.
    static func conversation(over assistant: InProcessAssistant, language: String = "en",
                             understander: RequestUnderstander? = nil) -> Conversation {
        Conversation(apps: assistant.store, store: assistant.store, home: nil, host: assistant.host,
                     understander: understander ?? RequestUnderstander(store: assistant.store, defaultCurrency: "USD"),
                     session: "test", language: language)
    }

    /// A run of the assistant that stopped while asking whether to open MonkeyChat, in a language.
    static func askingToOpen(_ assistant: InProcessAssistant, language: String,
                             understander: RequestUnderstander) throws -> Conversation {
        let task = IntentTask(intent: "INSendMessageIntent", identifier: "request-\(UUID().uuidString)",
                              parameters: ["content": .string("bananas")], app: "com.example.chat", appWasNamed: true,
                              candidateApps: ["com.example.chat"])
        let response: JSONValue = .object(["code": .string("failureRequiringAppLaunch"), "properties": .object([:])])
        let state = ConversationState(language: language,
                                      stage: .asking(task, .openApp(app: "com.example.chat", response: response)))
        try assistant.store.saveConversationState(try JSONEncoder().encode(state), session: "test")
        return conversation(over: assistant, language: language, understander: understander)
    }
}

extension PendingQuestion {
    var isOpenApp: Bool {
        if case .openApp = self { return true }
        return false
    }
}

/// MonkeyChat's extension that sends the message and wants the app to finish (`failureRequiringAppLaunch`).
final class HandOffChatExtension: INExtension, @unchecked Sendable {
    let sent: Sent
    init(sent: Sent) { self.sent = sent }
    override func handler(for intent: INIntent) -> Any? { intent is INSendMessageIntent ? HandOffChatHandler(sent: sent) : nil }
}

final class HandOffChatHandler: NSObject, INSendMessageIntentHandling, @unchecked Sendable {
    let sent: Sent
    init(sent: Sent) { self.sent = sent }
    func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        sent.add(intent.content ?? "")
        return INSendMessageIntentResponse(code: .failureRequiringAppLaunch, userActivity: nil)
    }
}

import Foundation
import ParlanceCore
import ParlanceEngine
import ParlanceUnderstanding
import Testing

/// Issue 44: nobody opens an app but the user. The machine asks before an extension's hand-off opens its app;
/// only yes or always open it, and "always" is the only way past the question next time.
struct HandOffMachineTests {
    typealias H = MachineHarness
    static let response: JSONValue = .object(["code": .string("continueInApp")])
    static let question = PendingQuestion.openApp(app: "chat", response: response)

    /// A machine waiting on "Open chat to finish this?".
    static func asking() -> H {
        var h = H(stage: .handling(H.task()))
        _ = h.send(.handled(code: "continueInApp", response: response))
        return h
    }

    @Test("a hand-off code from confirm or handle asks before the app is opened", arguments: [
        ConversationEvent.confirmed(code: "continueInApp", response: response),
        .confirmed(code: "failureRequiringAppLaunchPreviousRideNeedsCompletion", response: response),
        .handled(code: "handleInApp", response: response),
        .handled(code: "continueInApp", response: response),
        .handled(code: "failureRequiringAppLaunch", response: response),
    ])
    func askedBeforeLaunch(event: ConversationEvent) {
        var h = H(stage: event.isConfirm ? .confirming(H.task()) : .handling(H.task()))
        let actions = h.send(event)
        #expect(actions.map(\.name) == ["ask openApp"])
        #expect(h.machine.question?.name == "openApp")
        #expect(!actions.contains { $0.name == "report handOff" }, "nothing opens before the user answers")
    }

    @Test("yes opens, always records the app and opens, no and cancel leave it closed", arguments: [
        (Answer.yes, ["report handOff"]),
        (.always, ["openWithoutAsking", "report handOff"]),
        (.no, ["report notOpened"]),
        (.cancel, ["end cancelled"]),
    ])
    func answers(answer: Answer, actions: [String]) {
        var h = Self.asking()
        let done = h.send(.answer(answer))
        #expect(done.map(\.name) == actions)
        #expect(h.stage == .idle)
        if answer == .always { #expect(done.first == .openWithoutAsking(app: "chat")) }
        var asked = H.task()
        asked.questionsAsked = 1
        if answer == .yes || answer == .always { #expect(done.last == .report(.handOff(Self.response), asked)) }
        if answer == .no { #expect(done == [.report(.notOpened(Self.response), asked)]) }
    }

    @Test("an unrelated reply is no consent: asked again, and past the limit the app stays closed")
    func unrelatedAnswersAreNotConsent() {
        var h = Self.asking()
        #expect(h.send(.unclearAnswer).map(\.name) == ["ask openApp again"], "unreadable words count too")
        #expect(h.send(.answer(.choice(0))).map(\.name) == ["ask openApp again"])
        #expect(h.send(.answer(.values(["content": .string("yes")]))).map(\.name) == ["report notOpened"])
        #expect(h.stage == .idle)
    }

    @Test("a new request at the question replaces it and opens nothing")
    func newRequestIsNotConsent() {
        var h = Self.asking()
        let actions = h.send(.answer(.newRequest(H.request("INSendPaymentIntent", app: "pay"))))
        #expect(!actions.contains { $0.name == "report handOff" || $0.name == "openWithoutAsking" })
        #expect(h.stage.task?.intent == "INSendPaymentIntent")
    }

    @Test("an app the user said always for is opened without the question")
    func alwaysSkipsTheQuestion() {
        var h = H(stage: .handling(H.task()))
        h.facts.opensAppWithoutAsking = true
        #expect(h.send(.handled(code: "handleInApp", response: Self.response)).map(\.name) == ["report handOff"])
        #expect(h.stage == .idle)
    }

    @Test("the question survives a restart: asked again on resume, the answer still decides")
    func resumed() throws {
        let h = Self.asking()
        let saved = try JSONEncoder().encode(h.machine.state)
        var restarted = H(stage: try JSONDecoder().decode(ConversationState.self, from: saved).stage)
        #expect(restarted.send(.resumed(journal: nil)) == [.ask(Self.question, h.stage.task ?? H.task(), repeated: false, resumed: true)])
        #expect(restarted.send(.answer(.no)).map(\.name) == ["report notOpened"])
    }
}

extension ConversationEvent {
    var isConfirm: Bool {
        if case .confirmed = self { return true }
        return false
    }
}

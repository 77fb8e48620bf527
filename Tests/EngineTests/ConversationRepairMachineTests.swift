import ParlanceCore
import ParlanceEngine
import ParlancePresentation
import ParlanceUnderstanding
import Testing

/// Conversation repair in the machine: skipping a question, and replies that answer nothing.
struct ConversationRepairMachineTests {
    typealias H = MachineHarness

    static let workout = H.task("INStartWorkoutIntent", app: "fit", parameters: ["goalValue": .number(0)])

    /// A task whose question was asked once, as every question is before its answer.
    static func asked(_ task: IntentTask) -> IntentTask {
        var asked = task
        asked.questionsAsked = 1
        return asked
    }

    @Test("skip at a value the app asked for as missing says it is needed and asks again, never past the limit")
    func skipRequired() {
        let question = PendingQuestion.value(parameter: "recipients", element: nil, reason: .missing)
        var h = H(stage: .asking(Self.asked(H.task()), question))
        #expect(h.send(.answer(.skip)).map(\.name) == ["ask value recipients"])
        #expect(h.machine.question == .value(parameter: "recipients", element: nil, reason: .required))
        #expect(h.send(.answer(.skip)).map(\.name) == ["ask value recipients"])
        #expect(h.send(.answer(.skip)).map(\.name) == ["end gaveUp recipients"], "nothing is sent")
        #expect(h.stage == .idle)
    }

    @Test("skip at an optional value drops it, resolves again and says the request goes on without it")
    func skipOptional() throws {
        let order = ConversationFacts.parameters(of: "INStartWorkoutIntent").map(\.name)
        var task = Self.workout
        task.parameterIndex = try #require(order.firstIndex(of: "goalValue"))
        let question = PendingQuestion.value(parameter: "goalValue", element: nil, reason: .unsupported(reason: nil))
        var h = H(stage: .asking(task, question))
        let skipped = h.send(.answer(.skip))
        #expect(skipped.map(\.name) == ["resolve goalValue"])
        #expect(h.stage.task?.parameters["goalValue"] == nil)
        let rest = Dictionary(uniqueKeysWithValues: order.dropFirst(task.parameterIndex).map { ($0, [ResolutionOutcome(kind: .notRequired)]) })
        let actions = h.send(.resolved(rest))
        #expect(actions.map(\.name) == ["tell valueSkipped", "confirm"])
        // Said once: resolving again later says nothing more.
        #expect(h.stage.task?.skipToTell == nil)
    }

    @Test("a skipped value the app then asks for is asked for as needed")
    func skipThenNeeded() throws {
        let question = PendingQuestion.choice(parameter: "recipients", element: nil, items: [H.person("A"), H.person("B")])
        var h = H(stage: .asking(H.task(parameters: ["recipients": .array([H.person("Bo")])]), question))
        #expect(h.send(.answer(.skip)).map(\.name) == ["resolve recipients"])
        let actions = h.send(.resolved(["recipients": [ResolutionOutcome(kind: .needsValue)]]))
        #expect(actions.map(\.name) == ["ask value recipients"])
        #expect(h.machine.question == .value(parameter: "recipients", element: 0, reason: .required))
    }

    @Test("skip at a question about no value: the app stays closed, anything else is cancelled", arguments: [
        (PendingQuestion.chooseApp(options: ["a", "b"]), "end cancelled"), (.permission(app: "chat"), "end cancelled"),
        (.unlock, "end cancelled"), (.confirmIntent, "end cancelled"),
        (.openApp(app: "chat", response: .object([:])), "report notOpened"),
    ])
    func skipElsewhere(question: PendingQuestion, ending: String) {
        var h = H(stage: .asking(H.task(), question))
        #expect(h.send(.answer(.skip)).map(\.name) == [ending])
        #expect(h.stage == .idle)
    }

    @Test("replies that answer nothing are said so, then the question again; the third gives up without acting",
          arguments: [ConversationEvent.unclearAnswer, .answer(.unclear),
                      .answer(.refused(RefusedValue(property: "currencyAmount", said: "-5", reason: .notPositive)))])
    func cannotHandle(reply: ConversationEvent) {
        let question = PendingQuestion.value(parameter: "currencyAmount", element: nil, reason: .missing)
        var h = H(stage: .asking(Self.asked(H.task("INSendPaymentIntent", app: "pay")), question))
        for _ in 0..<2 { #expect(h.send(reply).map(\.name).last?.hasPrefix("ask value currencyAmount") == true) }
        #expect(h.send(reply).map(\.name).last == "end gaveUp currencyAmount")
        #expect(h.stage == .idle)
    }
}

import ParlanceCore
@testable import ParlanceEngine
import ParlanceUnderstanding
import Testing

/// After a request whose app the user chose among several succeeds, the machine offers once to make that app
/// the domain's default; only a yes keeps it, and a request set aside waits until the offer is answered.
struct DefaultOfferMachineTests {
    typealias H = MachineHarness

    /// A ride status request whose app the user chose at "Which app?" (or named), now being handled.
    static func handling(chosen: Bool = true, candidates: [String] = ["cab", "ride"]) -> H {
        var h = H()
        _ = h.send(.request(H.request("INGetRideStatusIntent", app: nil, named: false, candidates: candidates)))
        _ = h.send(.answer(.choice(candidates.count - 1)))
        if !chosen, case .confirming(var task) = h.stage {
            task.appChosenAtQuestion = nil
            h.machine.state.stage = .confirming(task)
        }
        _ = h.send(.confirmed(code: "ready", response: nil))
        return h
    }

    static let offered = ["report result", "markDefaultOffered rides", "ask makeDefault ride rides"]

    @Test("a request whose app was chosen among several succeeds: its result, then the offer")
    func offersAfterTheResult() {
        var h = Self.handling()
        #expect(h.stage.task?.appChosenAtQuestion == true)
        #expect(h.send(.handled(code: "success", response: .object([:]))).map(\.name) == Self.offered)
        #expect(h.stage.name == "asking makeDefault ride rides")
        #expect(h.machine.question?.isDefaultOffer == true)
    }

    @Test("in progress and a hand-off are successes too", arguments: [
        ("inProgress", ["report inProgress", "markDefaultOffered rides", "ask makeDefault ride rides"]),
        ("failureRequiringAppLaunch", ["ask openApp"]),
    ])
    func otherSuccesses(code: String, actions: [String]) {
        var h = Self.handling()
        #expect(h.send(.handled(code: code, response: .object(["code": .string(code)]))).map(\.name) == actions)
        guard code == "failureRequiringAppLaunch" else { return }
        #expect(h.send(.answer(.yes)).map(\.name) == ["report handOff", "markDefaultOffered rides", "ask makeDefault ride rides"])
    }

    @Test("no offer: a failure, the app named, one candidate, a default already, offered before", arguments: [
        "failure", "named", "one candidate", "preferred", "offered",
    ])
    func noOffer(reason: String) {
        var h = Self.handling(chosen: reason != "named", candidates: reason == "one candidate" ? ["ride"] : ["cab", "ride"])
        if reason == "preferred" { h.facts.preferredApp = "cab" }
        if reason == "offered" { h.facts.defaultOffered = true }
        let code = reason == "failure" ? "failure" : "success"
        #expect(h.send(.handled(code: code, response: .object([:]))).map(\.name) == ["report result"])
        #expect(h.stage.name == "idle")
    }

    @Test("only a yes makes it the default; anything else drops it", arguments: [
        (Answer.yes, ["preferApp ride rides"]),
        (.no, ["end defaultDeclined"]),
        (.cancel, ["end defaultDeclined"]),
        (.unclear, ["end defaultDeclined"]),
        (.choice(0), ["end defaultDeclined"]),
        (.values(["content": .string("hi")]), ["end defaultDeclined"]),
    ])
    func answers(answer: Answer, actions: [String]) {
        var h = Self.handling()
        _ = h.send(.handled(code: "success", response: .object([:])))
        #expect(h.send(.answer(answer)).map(\.name) == actions)
        #expect(h.stage.name == "idle")
    }

    @Test("words that answer nothing drop the offer instead of asking again")
    func unclearWords() {
        var h = Self.handling()
        _ = h.send(.handled(code: "success", response: .object([:])))
        #expect(h.send(.unclearAnswer).map(\.name) == ["end defaultDeclined"])
    }

    @Test("a request said at the offer is served as a request; help answers and asks again")
    func requestsAtTheOffer() {
        var h = Self.handling()
        _ = h.send(.handled(code: "success", response: .object([:])))
        #expect(h.send(.answer(.assistant(.help))).map(\.name) == ["discovery", "ask makeDefault ride rides"])
        #expect(h.send(.answer(.newRequest(H.request("INSendMessageIntent")))).map(\.name) == ["resolve recipients"])
        #expect(h.machine.state.interrupted == nil, "the offer is not set aside")
    }

    @Test("a request set aside is asked about again after the offer, not before")
    func interruptedAfterTheOffer() {
        var h = Self.handling()
        let waiting = H.task("INSendMessageIntent")
        h.machine.state.interrupted = InterruptedRequest(task: waiting, question: .value(parameter: "recipients", element: nil,
                                                                                          reason: .missing))
        #expect(h.send(.handled(code: "success", response: .object([:]))).map(\.name) == Self.offered)
        #expect(h.send(.answer(.no)).map(\.name) == ["end defaultDeclined", "ask value recipients resumed"])
        #expect(h.stage.name == "asking value recipients")
    }
}

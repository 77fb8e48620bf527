import ParlanceCore
import ParlanceEngine
import Testing

/// The machine sends a follow-up that names no app to the app running its ride or workout (the facts' ongoing
/// app), before the domain's default, and asks when there is none among the candidates.
struct OngoingAppMachineTests {
    typealias H = MachineHarness

    static func ask(ongoing: String?, preferred: String? = nil, candidates: [String] = ["cab", "ride"]) -> (H, [ConversationAction]) {
        var h = H()
        h.facts.ongoingApp = ongoing
        h.facts.preferredApp = preferred
        let actions = h.send(.request(H.request("INGetRideStatusIntent", app: nil, named: false, candidates: candidates)))
        return (h, actions)
    }

    @Test("the running app takes the follow-up: no question")
    func runningApp() {
        let (h, actions) = Self.ask(ongoing: "cab")
        #expect(actions.map(\.name) == ["confirm"])
        #expect(h.stage.task?.app == "cab")
        #expect(h.stage.task?.appWasNamed == false, "the result says which app did it")
    }

    @Test("the running app goes before the domain's default")
    func beforeDefault() {
        let (h, _) = Self.ask(ongoing: "cab", preferred: "ride")
        #expect(h.stage.task?.app == "cab")
    }

    @Test("no running app among the candidates: the default, else the question", arguments: [
        (String?.none, String?.none, "ask app"),
        ("gym", nil, "ask app"),
        (nil, "ride", "confirm"),
        ("gym", "ride", "confirm"),
    ])
    func noRunningApp(ongoing: String?, preferred: String?, first: String) {
        let (_, actions) = Self.ask(ongoing: ongoing, preferred: preferred)
        #expect(actions.map(\.name).first == first)
    }

    @Test("a request that names its app keeps it")
    func namedApp() {
        var h = H()
        h.facts.ongoingApp = "cab"
        _ = h.send(.request(H.request("INGetRideStatusIntent", app: "ride")))
        #expect(h.stage.task?.app == "ride")
    }
}

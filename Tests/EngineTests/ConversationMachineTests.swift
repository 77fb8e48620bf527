import Foundation
import ParlanceCore
import ParlanceEngine
import Testing

/// The conversation machine without I/O: every stage, every event.
struct ConversationMachineTests {
    typealias H = MachineHarness
    static let message = ConversationFacts.parameters(of: "INSendMessageIntent").map(\.name)

    // MARK: Requests and gates

    @Test("a request no app serves is told, and the conversation stays idle")
    func cannotServe() {
        var h = H()
        #expect(h.send(.request(H.request(nil, app: "chat"))) == [.tell(.cannotServe(namedApp: "chat"), nil)])
        #expect(h.send(.request(H.request(nil, app: nil, named: false))) == [.tell(.cannotServe(namedApp: nil), nil)])
        #expect(h.stage == .idle)
        #expect(h.send(.discovery) == [.discovery])
        #expect(h.send(.unreadable(reason: "the request is empty")) == [.tell(.unreadable(reason: "the request is empty"), nil)])
    }

    @Test("app choice, permission and lock come before any extension call", arguments: [
        (AppPermission.allowed, false, false, "resolve recipients", "resolving 0"),
        (.notDetermined, false, false, "ask permission", "asking permission"),
        (.denied, false, false, "end permissionDenied chat", "idle"),
        (.allowed, true, true, "ask unlock", "asking unlock"),
        (.allowed, true, false, "resolve recipients", "resolving 0"),
    ])
    func gates(permission: AppPermission, locked: Bool, requiresUnlock: Bool, action: String, stage: String) {
        var h = H(permission: permission, locked: locked, requiresUnlock: requiresUnlock)
        let actions = h.send(.request(H.request("INSendMessageIntent")))
        #expect(actions.map(\.name) == [action])
        #expect(h.stage.name == stage)
    }

    @Test("the user names the app: several candidates are a choice, one is a yes/no, a preferred app is taken; bounded")
    func appChoice() {
        var h = H()
        let two = H.request("INSendMessageIntent", app: nil, named: false, candidates: ["a", "b"])
        #expect(h.send(.request(two)).map(\.name) == ["ask app"])
        #expect(h.send(.answer(.choice(1))).map(\.name) == ["resolve recipients"])
        #expect(h.stage.task?.app == "b")
        #expect(h.stage.task?.appWasNamed == true, "chosen in the answer")
        let one = H.request("INSendMessageIntent", app: nil, named: false, candidates: ["a"])
        #expect(h.send(.request(one)) == [.ask(.chooseApp(options: ["a"]), { var t = H.task(app: nil); t.candidateApps = ["a"]
                                                                               t.appWasNamed = false; t.questionsAsked = 1
                                                                               return t }(), repeated: false, resumed: false)])
        #expect(h.send(.answer(.no)).map(\.name) == ["end declined"], "no extension is called")
        h.facts.preferredApp = "a"
        #expect(h.send(.request(one)).map(\.name) == ["resolve recipients"])
        #expect(h.stage.task?.app == "a")
        #expect(h.stage.task?.appWasNamed == false, "the answer names the preferred app")
        h.facts.preferredApp = nil
        _ = h.send(.request(two))
        #expect(h.send(.answer(.yes)).map(\.name) == ["ask app again"])
        #expect(h.send(.answer(.choice(7))).map(\.name) == ["ask app again"])
        #expect(h.send(.answer(.values([:]))).map(\.name) == ["end gaveUp app"])
        #expect(h.stage == .idle)
    }

    @Test("permission: yes records it and goes on, no records it and ends, anything else asks again up to the limit")
    func permission() {
        var h = H(permission: .notDetermined)
        _ = h.send(.request(H.request("INSendMessageIntent")))
        for _ in 0..<2 { #expect(h.send(.answer(.choice(0))).map(\.name) == ["ask permission again"]) }
        #expect(h.send(.answer(.yes)).map(\.name) == ["setPermission allowed", "resolve recipients"])
        _ = h.send(.request(H.request("INSendMessageIntent")))
        for _ in 0..<2 { #expect(h.send(.answer(.unclear)).map(\.name) == ["ask permission again"]) }
        #expect(h.send(.answer(.unclear)).map(\.name) == ["end gaveUp permission"])
        _ = h.send(.request(H.request("INSendMessageIntent")))
        #expect(h.send(.answer(.no)).map(\.name) == ["setPermission denied", "end permissionDenied chat"])
        #expect(h.stage == .idle)
    }

    @Test("unlock: no ends, still locked asks again up to the limit, unlocked goes on")
    func unlock() {
        var h = H(locked: true, requiresUnlock: true)
        _ = h.send(.request(H.request("INSendMessageIntent")))
        #expect(h.send(.answer(.no)).map(\.name) == ["end stayedLocked"])
        _ = h.send(.request(H.request("INSendMessageIntent")))
        #expect(h.send(.answer(.yes)).map(\.name) == ["ask unlock"])
        #expect(h.send(.answer(.yes)).map(\.name) == ["ask unlock"])
        #expect(h.send(.answer(.yes)).map(\.name) == ["end gaveUp unlock"])
        _ = h.send(.request(H.request("INSendMessageIntent")))
        h.facts.sessionLocked = false
        #expect(h.send(.answer(.yes)).map(\.name) == ["resolve recipients"])
    }

    // MARK: Questions

    @Test("cancel at any question ends; a new request replaces the one in progress", arguments: [
        PendingQuestion.chooseApp(options: ["a", "b"]), .permission(app: "chat"), .unlock,
        .value(parameter: "recipients", element: nil, reason: .missing),
        .choice(parameter: "recipients", element: 0, items: [H.person("A"), H.person("B")]),
        .confirmValue(parameter: "recipients", element: 0, value: H.person("A")), .confirmIntent,
    ])
    func cancelAndNewRequest(question: PendingQuestion) {
        var h = H(stage: .asking(H.task(), question))
        #expect(h.send(.answer(.cancel)).map(\.name) == ["end cancelled"])
        #expect(h.stage == .idle)
        h = H(stage: .asking(H.task(), question))
        let ride = H.request("INRequestRideIntent", app: "ride")
        #expect(h.send(.answer(.newRequest(ride))).first?.name.hasPrefix("resolve") == true)
        #expect(h.stage.task?.intent == "INRequestRideIntent")
        h = H(stage: .asking(H.task(), question))
        #expect(h.send(.unclearAnswer).map(\.name) == ["ask \(question.name) again"])
        #expect(h.machine.question == question && h.stage.task?.questionsAsked == 1, "an unreadable answer counts")
    }

    @Test("a value answer is resolved again; a value of the wrong type is asked again and changes nothing")
    func valueAnswers() {
        let question = PendingQuestion.value(parameter: "recipients", element: nil, reason: .missing)
        var h = H(stage: .asking(H.task(), question))
        #expect(h.send(.answer(.values(["recipients": .array([H.person("Bobo")])]))).map(\.name) == ["resolve recipients"])
        #expect(h.stage.task?.parameters["recipients"] == .array([H.person("Bobo")]))
        let call = H.task("INStartCallIntent")
        let type = PendingQuestion.value(parameter: "callCapability", element: nil, reason: .missing)
        h = H(stage: .asking(call, type))
        #expect(h.send(.answer(.values(["callCapability": H.person("Kiki")]))).map(\.name) == ["ask value callCapability again"])
        #expect(h.stage == .asking(call, type))
        h = H(stage: .asking(H.task(), question))
        #expect(h.send(.answer(.yes)).map(\.name) == ["ask value recipients again"])
    }

    @Test("a choice or a yes sets the value for good; a no asks for another value")
    func offers() {
        let items = [H.person("Bobo the Great"), H.person("Bobo Jr.")]
        var h = H(stage: .asking(H.task(parameters: ["recipients": .array([H.person("Bobo")])]),
                                 .choice(parameter: "recipients", element: 0, items: items)))
        #expect(h.send(.answer(.choice(1))).map(\.name) == ["resolve recipients"])
        #expect(h.stage.task?.parameters["recipients"] == .array([items[1]]))
        #expect(h.stage.task?.confirmedValues["recipients"] == [items[1]])
        h = H(stage: .asking(H.task(), .confirmValue(parameter: "recipients", element: 0, value: items[0])))
        #expect(h.send(.answer(.no)).map(\.name) == ["ask value recipients"])
        #expect(h.stage.task.map { $0.questionsAsked } == 1)
        h = H(stage: .asking(H.task(), .confirmValue(parameter: "recipients", element: 0, value: items[0])))
        #expect(h.send(.answer(.values(["recipients": .array([items[1]])]))).map(\.name) == ["resolve recipients"])
    }

    // MARK: Resolution

    @Test("each element of a list parameter is resolved; the first that needs the user is asked about")
    func listParameter() {
        var h = H(stage: .resolving(H.task(parameters: ["recipients": .array([H.person("Kiki"), H.person("Bobo")])])))
        let items = [H.person("Bobo the Great"), H.person("Bobo Jr.")]
        let actions = h.send(.resolved(["recipients": [ResolutionOutcome(kind: .success, value: H.person("Kiki")),
                                                       ResolutionOutcome(kind: .disambiguation, items: items)]]))
        guard case .ask(.choice("recipients", 1, let offered), _, false, false)? = actions.first else {
            Issue.record("expected a choice about the second recipient, got \(actions)")
            return
        }
        #expect(offered == items)
        _ = h.send(.answer(.choice(0)))
        #expect(h.stage.task?.parameters["recipients"] == .array([H.person("Kiki"), items[0]]))
        // Chosen by the user, so a later confirmationRequired for it is taken as a yes.
        let next = h.send(.resolved(["recipients": [ResolutionOutcome(kind: .success, value: H.person("Kiki")),
                                                    ResolutionOutcome(kind: .confirmationRequired, value: items[0])]]))
        #expect(next.map(\.name) == ["confirm"], "the other parameters are not resolved by this extension")
    }

    @Test("one result for a whole list asks about the list, and the answer replaces it")
    func wholeList() {
        let call = H.task("INStartCallIntent", parameters: ["contacts": .array([H.person("Bobo"), H.person("Kiki")])])
        var h = H(stage: .resolving(call))
        let asked = h.send(.resolved(["contacts": [ResolutionOutcome(kind: .unsupported, reason: "multipleContactsUnsupported")]]))
        #expect(asked.first.map { if case .ask(.value("contacts", nil, .unsupported("multipleContactsUnsupported")), _, false, false) = $0 { true } else { false } } == true)
        _ = h.send(.answer(.values(["contacts": .array([H.person("Kiki")])])))
        #expect(h.stage.task?.parameters["contacts"] == .array([H.person("Kiki")]))
    }

    /// One resolve call covers every remaining parameter, so the ones missing from the results are skipped.
    @Test("results per outcome", arguments: [
        (ResolutionOutcome(kind: .success, value: H.person("Bobo")), "confirm"),
        (ResolutionOutcome(kind: .needsValue), "ask value recipients"),
        (ResolutionOutcome(kind: .needsMoreDetails), "ask value recipients"),
        (ResolutionOutcome(kind: .unsupported, reason: "noAccount"), "ask value recipients"),
        (ResolutionOutcome(kind: .confirmationRequired, value: H.person("Bobo")), "ask confirmValue recipients"),
        (ResolutionOutcome(kind: .disambiguation, items: [H.person("A"), H.person("B")]), "ask choice recipients"),
        (ResolutionOutcome(kind: .disambiguation, items: [H.person("A")]), "ask confirmValue recipients"),
        (ResolutionOutcome(kind: .disambiguation, items: []), "ask value recipients"),
        (ResolutionOutcome(kind: .notRequired), "resolve \(message[1])"),  // the value was dropped: the rest again
    ])
    func outcomes(outcome: ResolutionOutcome, action: String) {
        var h = H(stage: .resolving(H.task(parameters: ["recipients": .array([H.person("Bobo")])])))
        #expect(h.send(.resolved(["recipients": [outcome]])).map(\.name) == [action])
    }

    @Test("parameters the extension doesn't resolve are skipped; a changed value resolves the rest again")
    func skippedAndChanged() {
        var h = H(stage: .resolving(H.task()))
        #expect(h.send(.resolved([:])).map(\.name) == ["confirm"])
        h = H(stage: .resolving(H.task(parameters: ["recipients": .array([H.person("bobo")])])))
        let changed = h.send(.resolved(["recipients": [ResolutionOutcome(kind: .success, value: H.person("Bobo"))],
                                        Self.message[1]: [ResolutionOutcome(kind: .needsValue)]]))
        #expect(changed.map(\.name) == ["resolve \(Self.message[1])"], "resolved again against the new value")
        h = H(stage: .resolving(H.task(parameters: ["speakableGroupName": .object(["spokenPhrase": .string("Jungle")])])))
        _ = h.send(.resolved(["speakableGroupName": [ResolutionOutcome(kind: .notRequired)]]))
        #expect(h.stage.task?.parameters["speakableGroupName"] == nil)
    }

    @Test("re-asking is bounded: after three questions about one parameter the conversation ends")
    func boundedQuestions() {
        var h = H(stage: .resolving(H.task()))
        var last: [ConversationAction] = []
        for _ in 0..<3 {
            #expect(h.send(.resolved(["recipients": [ResolutionOutcome(kind: .needsValue)]])).map(\.name) == ["ask value recipients"])
            last = h.send(.answer(.values(["recipients": .array([H.person("Nobody")])])))
        }
        #expect(last.map(\.name) == ["resolve recipients"])
        #expect(h.send(.resolved(["recipients": [ResolutionOutcome(kind: .needsValue)]])).map(\.name)
                == ["end gaveUp recipients"])
        #expect(h.stage == .idle)
    }

    // MARK: Confirm and handle

    @Test("confirm codes", arguments: [
        ("INSendMessageIntent", "ready", ["handle"], "handling"),
        ("INSendPaymentIntent", "ready", ["ask confirmIntent"], "asking confirmIntent"),
        ("INSendMessageIntent", "userConfirmationRequired", ["ask confirmIntent"], "asking confirmIntent"),
        ("INSendPaymentIntent", "failureInsufficientFunds", ["end confirmFailed"], "idle"),
        ("INSendPaymentIntent", "failureRequiringAppLaunch", ["ask openApp"], "asking openApp"),
        ("INSendMessageIntent", "continueInApp", ["ask openApp"], "asking openApp"),
    ])
    func confirm(intent: String, code: String, actions: [String], stage: String) {
        var h = H(stage: .confirming(H.task(intent)))
        let response: JSONValue = .object(["code": .string(code)])
        #expect(h.send(.confirmed(code: code, response: response)).map(\.name) == actions)
        #expect(h.stage.name == stage)
        if let task = h.stage.task { #expect(task.confirmResponse == response) }
    }

    @Test("the final yes handles, no declines, anything else asks again up to the limit")
    func finalConfirmation() {
        var h = H(stage: .confirming(H.task("INSendPaymentIntent")))
        _ = h.send(.confirmed(code: nil, response: nil))
        #expect(h.send(.answer(.yes)).map(\.name) == ["handle"])
        h = H(stage: .confirming(H.task("INSendPaymentIntent")))
        _ = h.send(.confirmed(code: "ready", response: nil))
        #expect(h.send(.answer(.no)).map(\.name) == ["end declined"])
        h = H(stage: .confirming(H.task("INSendPaymentIntent")))
        _ = h.send(.confirmed(code: "ready", response: nil))
        #expect(h.send(.answer(.choice(0))).map(\.name) == ["ask confirmIntent again"])
        #expect(h.send(.answer(.choice(0))).map(\.name) == ["ask confirmIntent again"])
        #expect(h.send(.answer(.choice(0))).map(\.name) == ["end gaveUp confirmation"])
    }

    @Test("handle's response codes", arguments: [
        ("INSendMessageIntent", "success", "report result"),
        ("INSendPaymentIntent", "failureInsufficientFunds", "report result"),
        ("INRequestRideIntent", "inProgress", "report inProgress following"),
        ("INStartWorkoutIntent", "inProgress", "report inProgress"),
        ("INStartWorkoutIntent", "continueInApp", "ask openApp"),
        ("INSendMessageIntent", "handleInApp", "ask openApp"),
    ])
    func handled(intent: String, code: String, action: String) {
        var h = H(stage: .handling(H.task(intent)))
        #expect(h.send(.handled(code: code, response: .object(["code": .string(code)]))).map(\.name) == [action])
        #expect(h.stage.name == (action == "ask openApp" ? "asking openApp" : "idle"))
    }

    @Test("failures end the request and are told", arguments: [
        (ConversationEvent.extensionFailed(reason: "crashed"), ConversationTrouble.extensionFailed(reason: "crashed")),
        (.handleFailed(reason: "timed out"), .handleFailed(reason: "timed out")),
        (.alreadyHandled, .alreadyHandled),
        (.journalFailed(reason: "disk full"), .notRecorded(reason: "disk full")),
        (.appMissing, .appMissing),
    ])
    func failures(event: ConversationEvent, trouble: ConversationTrouble) {
        for stage in [ConversationStage.resolving(H.task()), .confirming(H.task()), .handling(H.task()),
                      .findingRide(H.task("INCancelRideIntent"), then: .resolve)] {
            var h = H(stage: stage)
            #expect(h.send(event) == [.tell(trouble, stage.task)])
            #expect(h.stage == .idle)
        }
    }

    @Test("events that don't belong to the stage change nothing")
    func strayEvents() {
        let events: [ConversationEvent] = [.answer(.yes), .unclearAnswer, .rideFound(nil), .resolved([:]),
                                           .confirmed(code: "ready", response: nil), .handled(code: "success", response: .null)]
        for event in events {
            var h = H()
            #expect(h.send(event) == [])
            #expect(h.stage == .idle)
        }
        var h = H(stage: .handling(H.task()))
        #expect(h.send(.resolved([:])) == [])
        #expect(h.send(.answer(.yes)) == [])
        #expect(h.stage == .handling(H.task()))
    }

    // MARK: Rides

    @Test("cancelling 'my ride' asks the app for its ride first; no ride is told")
    func findRide() {
        var h = H()
        #expect(h.send(.request(H.request("INCancelRideIntent", app: "ride"))).map(\.name) == ["findRide"])
        #expect(h.stage.name == "findingRide")
        #expect(h.send(.rideFound(.string("ride-7"))).first?.name != "findRide")
        #expect(h.stage.task?.parameters["rideIdentifier"] == .string("ride-7"))
        _ = h.send(.request(H.request("INCancelRideIntent", app: "ride")))
        #expect(h.send(.rideFound(nil)).map(\.name) == ["tell noRideToCancel"])
        #expect(h.stage == .idle)
    }

    // MARK: Restarts

    @Test("resuming after a restart", arguments: [
        (ConversationStage.idle, JournalEntry?.none, [String](), "idle"),
        (.asking(H.task(), .value(parameter: "content", element: nil, reason: .missing)), nil,
         ["ask value content resumed"], "asking value content"),
        (.resolving(H.task()), nil, ["resolve recipients"], "resolving 0"),
        (.confirming(H.task()), nil, ["confirm"], "confirming"),
        (.findingRide(H.task("INCancelRideIntent"), then: .resolve), nil, ["findRide"], "findingRide"),
        (.handling(H.task()), nil, ["confirm"], "confirming"),
        (.handling(H.task()), .decided(app: "chat", intent: "{}", at: Date()), ["confirm"], "confirming"),
        (.handling(H.task()), .sent(app: "chat", intent: "{}", at: Date()), ["tell interrupted"], "idle"),
        (.handling(H.task()), .finished(app: "chat", intent: "{}", response: #"{"code":"success"}"#, at: Date()),
         ["report recorded"], "idle"),
    ])
    func resume(stage: ConversationStage, journal: JournalEntry?, actions: [String], after: String) {
        var h = H(stage: stage)
        #expect(h.send(.resumed(journal: journal)).map(\.name) == actions)
        #expect(h.stage.name == after)
    }

    @Test func anUnansweredHandleIsSentAgainOnlyToAnAppThatAnswersRepeatsFromItsRecord() {
        var h = H(stage: .handling(H.task()))
        h.facts.handleIsIdempotent = true
        #expect(h.send(.resumed(journal: .sent(app: "chat", intent: "{}", at: Date()))).map(\.name) == ["resendHandle"])
        #expect(h.stage.name == "handling")
        #expect(h.send(.handled(code: "success", response: .object([:]))).map(\.name) == ["report result"])
        #expect(h.stage == .idle)
    }

    @Test("the state survives JSON for every stage")
    func stateCoding() throws {
        let stages: [ConversationStage] = [
            .idle, .asking(H.task(), .confirmIntent), .asking(H.task(), .choice(parameter: "recipients", element: 1, items: [H.person("A")])),
            .findingRide(H.task("INCancelRideIntent"), then: .confirm), .resolving(H.task()), .confirming(H.task()),
            .handling(H.task()),
        ]
        for stage in stages {
            let state = ConversationState(language: "fr", stage: stage)
            let decoded = try JSONDecoder().decode(ConversationState.self, from: JSONEncoder().encode(state))
            #expect(decoded == state)
        }
    }
}

import Foundation
import ParlanceCore
import ParlanceUnderstanding

/// The conversation as one state machine: an explicit state and, for every event, the next state and
/// the actions to perform. It decides everything — app choice, permission and unlock answers, cancel,
/// a new request mid-conversation, answers that don't fit, resolution, confirmation, handle and
/// restarts — and performs nothing: the `Conversation` actor performs the actions and feeds back
/// what they produced as events.
///
/// ```
///  request ─▶ chooseApp ─▶ permission ─▶ unlock ─▶ resolving ─▶ confirming ─▶ (yes?) ─▶ handling ─▶ idle
///                 │            │           │          │  ▲          │           │
///                 └────────────┴───────────┴──────────┴──┴──────────┴───────────┴── asking (the user)
/// ```
public struct ConversationMachine: Sendable {
    /// The state; saved by the engine after every turn.
    public internal(set) var state: ConversationState
    /// The domain rules, with the user's choices among them (when messages are read back).
    public internal(set) var policy: ConversationPolicy
    let identifiers: @Sendable () -> String
    /// Whether the event being decided was heard by a recogniser that was not sure of it (set for one turn).
    var heardUnsurely = false

    /// A machine in a state (a new one, or one saved before a restart); `identifiers` makes each new
    /// request's intent identifier.
    public init(state: ConversationState, policy: ConversationPolicy = ConversationPolicy(),
                identifiers: @escaping @Sendable () -> String = { UUID.systemRandom().uuidString }) {
        self.state = state
        self.policy = policy
        self.identifiers = identifiers
    }

    /// The question the user is expected to answer, if any.
    public var question: PendingQuestion? { state.question }

    /// Decides on one event. `facts` reads what the decision depends on outside the conversation
    /// (permission, lock) for a task, at the moment it is needed.
    public mutating func handle(_ event: ConversationEvent, facts: (IntentTask) -> ConversationFacts) -> [ConversationAction] {
        var actions = decide(event, facts: facts)
        // The request that interrupted another is over: back to the other one's question.
        if case .idle = state.stage, let waiting = state.interrupted {
            state.interrupted = nil
            state.stage = .asking(waiting.task, waiting.question)
            state.questionNumber += 1
            actions.append(.ask(waiting.question, waiting.task, repeated: false, resumed: true))
        }
        return actions
    }

    private mutating func decide(_ event: ConversationEvent, facts: (IntentTask) -> ConversationFacts) -> [ConversationAction] {
        switch event {
        case .request(let request):
            state.stage = .idle
            return start(request, facts: facts)
        case .discovery:
            return [.discovery]
        case .unreadable(let reason):
            return [.tell(.unreadable(reason: reason), state.task)]
        case .answer(let answer):
            guard case let .asking(task, question) = state.stage else { return [] }
            return apply(answer, to: question, task: task, facts: facts)
        case .unclearAnswer:
            // Unreadable words count as any reply that answers nothing.
            guard case let .asking(task, question) = state.stage else { return [] }
            if case .unlock = question { return ask(question, task: task, step: "unlock", repeated: true) }
            return apply(.unclear, to: question, task: task, facts: facts)
        case .rideFound(let ride):
            guard case let .findingRide(task, then) = state.stage else { return [] }
            guard let ride else { return end(task, .tell(.noRideToCancel, task)) }
            var found = task
            found.parameters[.rideIdentifier] = ride
            return advance(found, from: then, facts: facts)
        case .resolved(let results):
            guard case .resolving(let task) = state.stage else { return [] }
            return applyResolutions(results, to: task, facts: facts)
        case let .confirmed(code, response):
            guard case .confirming(let task) = state.stage else { return [] }
            return applyConfirm(code: code, response: response, to: task, facts: facts)
        case let .handled(code, response):
            guard case .handling(let task) = state.stage else { return [] }
            if Self.handsOff(code) { return handOff(response, task: task, facts: facts) }
            let report = Self.report(code: code, response: response, task: task)
            if Self.isFailure(code) { return end(task, .report(report, task)) }
            return succeeded(task, report, facts: facts)
        case .extensionFailed(let reason):
            return endTask(.extensionFailed(reason: reason))
        case .handleFailed(let reason):
            return endTask(.handleFailed(reason: reason))
        case .alreadyHandled:
            return endTask(.alreadyHandled)
        case .journalFailed(let reason):
            return endTask(.notRecorded(reason: reason))
        case .appMissing:
            return endTask(.appMissing)
        case .resumed(let journal):
            return resume(journal: journal, facts: facts)
        }
    }

    // MARK: Requests

    private mutating func start(_ request: UnderstoodRequest, facts: (IntentTask) -> ConversationFacts) -> [ConversationAction] {
        state.language = request.language
        guard let intent = request.intent else { return [.tell(.cannotServe(namedApp: request.namedApp), nil)] }
        let candidates = request.app.map { [$0] } ?? request.candidateApps
        var task = IntentTask(intent: intent, identifier: identifiers(), parameters: request.parameters,
                              app: request.app, appWasNamed: request.namedApp != nil, candidateApps: candidates)
        if policy.readsBack(intent, unsure: request.confidence < policy.sureReading) { task.userMustConfirm = true }
        if heardUnsurely, policy.readBackWhenMisheard.contains(intent) { task.userMustConfirm = true }
        // "pay Bobo -5 dollars": say why that is no amount; the app then asks for one as for any missing value.
        let refusals = request.refusedValues.map { ConversationAction.tell(.valueRefused($0), task) }
        return refusals + advance(task, from: task.app == nil ? .chooseApp : .permission, facts: facts)
    }

    /// Goes through the lifecycle from a phase until the conversation needs the user or an extension.
    mutating func advance(_ task: IntentTask, from phase: LifecyclePhase,
                          facts: (IntentTask) -> ConversationFacts) -> [ConversationAction] {
        var task = task
        var phase = phase
        while true {
            switch phase {
            case .chooseApp:
                // The user names the app: the one running the ride or workout the request follows up
                // on (the user started it there), else one the user made the domain's default, else a
                // question, even with one candidate ("Use MonkeyRide for that?").
                if task.app == nil {
                    let known = facts(task)
                    task.app = [known.ongoingApp, known.preferredApp].compactMap { $0 }.first(where: task.candidateApps.contains)
                }
                guard task.app != nil else { return ask(.chooseApp(options: task.candidateApps), task: task, step: "app") }
                phase = .permission
            case .permission:
                let app = task.app ?? ""
                switch facts(task).permission {
                case .allowed: phase = .unlock
                case .denied: return end(task, .end(.permissionDenied(app: app), task))
                case .notDetermined:
                    return ask(.permission(app: app), task: task, step: "permission")
                }
            case .unlock:
                let current = facts(task)
                if current.requiresUnlock && current.sessionLocked { return ask(.unlock, task: task, step: "unlock") }
                task.questionsAsked = 0
                phase = .resolve
            case .resolve:
                if needsRide(task) { return findRide(task, then: .resolve) }
                let order = Self.parameters(of: task.intent)
                if task.parameterIndex < order.count {
                    state.stage = .resolving(task)
                    return [.resolve(order[task.parameterIndex...].map(\.name), task)]
                }
                phase = .confirm
            case .confirm:
                if needsRide(task) { return findRide(task, then: .confirm) }
                state.stage = .confirming(task)
                return [.confirm(task)]
            case .userConfirmation:
                return ask(.confirmIntent, task: task, step: "confirmation")
            case .handle:
                state.stage = .handling(task)
                return [.handle(task)]
            }
        }
    }

    /// Cancelling "my ride" means the ride the app reports now: its identifier comes from the app, as SiriKit fills it.
    private func needsRide(_ task: IntentTask) -> Bool {
        task.intent == IntentName.cancelRide.rawValue && task.parameters[.rideIdentifier] == nil
    }

    private mutating func findRide(_ task: IntentTask, then phase: LifecyclePhase) -> [ConversationAction] {
        state.stage = .findingRide(task, then: phase)
        return [.findRide(task)]
    }

    // MARK: Questions and endings

    /// Asks a question that counts against the step's limit; past it, the conversation ends politely.
    mutating func ask(_ question: PendingQuestion, task: IntentTask, step: String, repeated: Bool = false) -> [ConversationAction] {
        guard task.questionsAsked < policy.maximumQuestionsPerStep else { return end(task, .end(.gaveUp(step: step), task)) }
        var asked = task
        asked.questionsAsked += 1
        state.stage = .asking(asked, question)
        state.questionNumber += 1
        return [.ask(question, asked, repeated: repeated, resumed: false)]
    }

    /// The request is over: the conversation is idle again.
    private mutating func end(_ task: IntentTask, _ action: ConversationAction) -> [ConversationAction] {
        state.stage = .idle
        return [action]
    }

    private mutating func endTask(_ trouble: ConversationTrouble) -> [ConversationAction] {
        let task = state.task
        state.stage = .idle
        return [.tell(trouble, task)]
    }

    // MARK: Extension results

    private mutating func applyConfirm(code: String?, response: JSONValue?, to task: IntentTask,
                                       facts: (IntentTask) -> ConversationFacts) -> [ConversationAction] {
        var task = task
        task.confirmResponse = response
        if let code, let response {
            if Self.isFailure(code) { return end(task, .end(.confirmFailed(response: response), task)) }
            if Self.handsOff(code) { return handOff(response, task: task, facts: facts) }
        }
        task.questionsAsked = 0
        let asksUser = policy.needsUserConfirmation.contains(task.intent) || code == ResponseCodeName.userConfirmationRequired.rawValue
            || task.userMustConfirm == true
        return advance(task, from: asksUser ? .userConfirmation : .handle, facts: facts)
    }

    private static func report(code: String, response: JSONValue, task: IntentTask) -> ConversationReport {
        if code == ResponseCodeName.inProgress.rawValue { return .inProgress(response, followRide: task.intent == IntentName.requestRide.rawValue) }
        return .result(response)
    }

    /// The extension asks for its app to finish the request: opened at once only when the user said "always"
    /// for the app, else the user is asked first ("Open MonkeyChat to finish this?"). Nobody but the user
    /// decides that another program runs.
    private mutating func handOff(_ response: JSONValue, task: IntentTask,
                                  facts: (IntentTask) -> ConversationFacts) -> [ConversationAction] {
        guard let app = task.app, !facts(task).opensAppWithoutAsking else { return succeeded(task, .handOff(response), facts: facts) }
        var asking = task
        asking.questionsAsked = 0
        return ask(.openApp(app: app, response: response), task: asking, step: "openApp")
    }

    /// Whether a response code is a failure that ends the conversation at confirm.
    static func isFailure(_ code: String) -> Bool {
        code.hasPrefix("failure") && !code.hasPrefix(ResponseCodeName.failureRequiringAppLaunch.rawValue)
    }

    /// Whether a response code asks for the app to continue the request.
    public static func handsOff(_ code: String) -> Bool {
        code.hasPrefix(ResponseCodeName.failureRequiringAppLaunch.rawValue)
            || [ResponseCodeName.continueInApp, .handleInApp].contains { $0.rawValue == code }
    }

    /// The resolvable parameters of an intent class, in resolution order.
    static func parameters(of intent: String) -> [(name: String, isList: Bool)] {
        ConversationFacts.parameters(of: intent)
    }

    // MARK: Restarts

    private mutating func resume(journal: JournalEntry?, facts: (IntentTask) -> ConversationFacts) -> [ConversationAction] {
        switch state.stage {
        case .idle:
            return []
        case let .asking(task, question):
            return [.ask(question, task, repeated: false, resumed: true)]
        case .findingRide(let task, let then):
            return advance(task, from: then, facts: facts)
        case .resolving(let task):
            return advance(task, from: .resolve, facts: facts)
        case .confirming(let task):
            return advance(task, from: .confirm, facts: facts)
        case .handling(let task):
            switch journal {
            case .finished(_, _, let response, _)?:
                let value = (try? JSONValue(jsonData: Data(response.utf8))) ?? .null
                return end(task, .report(.recorded(value), task))
            case .sent?:
                // Sent, never answered: only an app that answers a repeated intent from its record may
                // be asked again; otherwise nobody knows whether it was done, and it is not sent twice.
                guard facts(task).handleIsIdempotent else { return end(task, .tell(.interrupted, task)) }
                return [.resendHandle(task)]
            case .decided?, nil:
                // Never sent: the request did not reach the app, so it goes through confirmation again.
                return advance(task, from: .confirm, facts: facts)
            }
        }
    }
}

import ParlanceCore
import ParlanceEngine
import ParlancePresentation
import ParlanceUnderstanding

/// A conversation machine with fixed facts, fed events one at a time.
struct MachineHarness {
    var machine: ConversationMachine
    var facts: ConversationFacts

    init(stage: ConversationStage = .idle, permission: AppPermission = .allowed, locked: Bool = false,
         requiresUnlock: Bool = false) {
        machine = ConversationMachine(state: ConversationState(language: "en", stage: stage), identifiers: { "r1" })
        facts = ConversationFacts(permission: permission, sessionLocked: locked, requiresUnlock: requiresUnlock,
                                  parameters: [])
    }

    var stage: ConversationStage { machine.state.stage }

    mutating func send(_ event: ConversationEvent) -> [ConversationAction] {
        let facts = self.facts
        return machine.handle(event) { task in
            var current = facts
            current.parameters = ConversationFacts.parameters(of: task.intent)
            return current
        }
    }

    /// A request as understanding gives it.
    static func request(_ intent: String?, app: String? = "chat", named: Bool = true, candidates: [String] = [],
                        parameters: [String: JSONValue] = [:]) -> UnderstoodRequest {
        var request = UnderstoodRequest(text: "…", language: "en", app: app, intent: intent, parameters: parameters,
                                        confidence: 0.9, alternatives: [])
        request.appWasNamed = named
        request.candidateApps = candidates
        return request
    }

    static func task(_ intent: String = "INSendMessageIntent", app: String? = "chat",
                     parameters: [String: JSONValue] = [:]) -> IntentTask {
        IntentTask(intent: intent, identifier: "r1", parameters: parameters, app: app, appWasNamed: true,
                   candidateApps: app.map { [$0] } ?? ["a", "b"])
    }

    static func person(_ name: String) -> JSONValue { .object(["displayName": .string(name)]) }
}

extension ConversationAction {
    /// The action's kind, for tables.
    var name: String {
        switch self {
        case .ask(let question, _, let repeated, let resumed):
            return "ask \(question.name)" + (repeated ? " again" : "") + (resumed ? " resumed" : "")
        case .setPermission(let permission, _): return "setPermission \(permission.rawValue)"
        case .openWithoutAsking: return "openWithoutAsking"
        case .preferApp(let app, let domain): return "preferApp \(app) \(domain)"
        case .markDefaultOffered(let domain): return "markDefaultOffered \(domain)"
        case .findRide: return "findRide"
        case .resolve(let parameters, _): return "resolve \(parameters.first ?? "")"
        case .confirm: return "confirm"
        case .handle: return "handle"
        case .resendHandle: return "resendHandle"
        case .end(let ending, _): return "end \(ending.name)"
        case .report(let report, _):
            switch report {
            case .result: return "report result"
            case .inProgress(_, let follow): return "report inProgress" + (follow ? " following" : "")
            case .handOff: return "report handOff"
            case .notOpened: return "report notOpened"
            case .recorded: return "report recorded"
            }
        case .tell(let trouble, _): return "tell \(trouble)"
        case .discovery: return "discovery"
        }
    }
}

extension PendingQuestion {
    var name: String {
        switch self {
        case .chooseApp: return "app"
        case .permission: return "permission"
        case .unlock: return "unlock"
        case .value(let parameter, _, _): return "value \(parameter)"
        case .choice(let parameter, _, _): return "choice \(parameter)"
        case .confirmValue(let parameter, _, _): return "confirmValue \(parameter)"
        case .confirmIntent: return "confirmIntent"
        case .openApp: return "openApp"
        case .valueOrOther(let parameter, _, _, _): return "valueOrOther \(parameter)"
        case .makeDefault(let app, let domain): return "makeDefault \(app) \(domain)"
        }
    }
}

extension ConversationStage {
    var name: String {
        switch self {
        case .idle: return "idle"
        case .asking(_, let question): return "asking \(question.name)"
        case .findingRide: return "findingRide"
        case .resolving(let task): return "resolving \(task.parameterIndex)"
        case .confirming: return "confirming"
        case .handling: return "handling"
        }
    }
}

extension ConversationEnding {
    var name: String {
        switch self {
        case .cancelled: return "cancelled"
        case .declined: return "declined"
        case .permissionDenied(let app): return "permissionDenied \(app)"
        case .stayedLocked: return "stayedLocked"
        case .setAside: return "setAside"
        case .defaultDeclined: return "defaultDeclined"
        case .gaveUp(let step): return "gaveUp \(step)"
        case .confirmFailed: return "confirmFailed"
        }
    }
}

import ParlanceCore
import ParlanceEngine
import ParlancePresentation

/// What the user typed, as the fuzzer meant it.
enum FuzzInput: Equatable, Sendable {
    /// A request to one of `apps` (said with nothing pending, or at a question: then it is a new request).
    case request(apps: [String])
    /// A proper answer to the question.
    case answer
    case cancel, meta, correction, yes, no, unknownName, noise, empty
    /// Skipping the question ("skip it", "doesn't matter").
    case skip
    /// A statement that answers nothing and asks for nothing the apps do ("I like turtles").
    case unrelated

    var label: String {
        switch self {
        case .request(let apps): return "request to \(apps.joined(separator: "/"))"
        case .answer: return "answer"
        case .cancel: return "cancel"
        case .meta: return "help/repeat"
        case .correction: return "correction"
        case .yes: return "yes"
        case .no: return "no"
        case .unknownName: return "unknown name"
        case .noise: return "noise"
        case .empty: return "empty"
        case .skip: return "skip"
        case .unrelated: return "unrelated"
        }
    }

    var requestApps: [String]? {
        if case .request(let apps) = self { return apps }
        return nil
    }
}

/// One thing the user said in a walk, where the conversation was, and what came of it.
struct FuzzStep: Sendable {
    let text: String
    let input: FuzzInput
    /// The question pending when the user said it (nil: none) and its request.
    let question: PendingQuestion?
    let task: IntentTask?
    var turns: [AssistantTurn] = []
    /// What reached a handle while the assistant answered this.
    var handled: [HandledIntent] = []
    /// The turn did not return within the deadline.
    var timedOut = false
    /// Where the conversation was after the turn.
    var stageAfter: ConversationStage = .idle
}

/// One random walk through a conversation: its seed, language and steps.
struct FuzzWalk: Sendable {
    let seed: UInt64
    let index: Int
    let language: String
    var steps: [FuzzStep] = []

    var handled: [HandledIntent] { steps.flatMap(\.handled) }

    /// The walk as a reader follows it, and how to run it again alone.
    var transcript: String {
        var lines = ["walk \(index) (PARLANCE_FUZZ_SEED=\(seed) PARLANCE_FUZZ_WALK=\(index)), language \(language):"]
        for step in steps {
            let asked = step.question.map { " at \(Self.describe($0))" } ?? ""
            let shown = step.text.count > 60 ? String(step.text.prefix(57)) + "…(\(step.text.count) chars)" : step.text
            lines.append("  › “\(shown)”  [\(step.input.label)\(asked)]")
            for turn in step.turns { lines.append("      \(turn.step): \(turn.speech.prefix(100))") }
            if step.timedOut { lines.append("      (no answer within the deadline)") }
            for handled in step.handled { lines.append("      HANDLED \(handled)") }
        }
        return lines.joined(separator: "\n")
    }

    static func describe(_ question: PendingQuestion) -> String {
        switch question {
        case .chooseApp(let options): return "chooseApp(\(options.count))"
        case .permission: return "permission"
        case .unlock: return "unlock"
        case .value(let parameter, _, _): return "value:\(parameter)"
        case .choice(let parameter, _, _): return "choice:\(parameter)"
        case .confirmValue(let parameter, _, _): return "confirmValue:\(parameter)"
        case .confirmIntent: return "confirmIntent"
        case .openApp: return "openApp"
        default: return String(String(describing: question).prefix { $0 != "(" })
        }
    }
}

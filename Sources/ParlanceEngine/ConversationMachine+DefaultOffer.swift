import ParlanceCore
import ParlanceUnderstanding

extension ConversationMachine {
    /// The request succeeded (handled, in progress, handed to its app): its report, then, when the user chose
    /// its app among several at "Which app?" and the domain has no default and was never offered one, the offer
    /// to make that app the default ("Use MonkeyRide for rides from now on?"). Offered once per domain, ever;
    /// the request is over either way, so nothing waits on the answer.
    mutating func succeeded(_ task: IntentTask, _ report: ConversationReport,
                            facts: (IntentTask) -> ConversationFacts) -> [ConversationAction] {
        state.stage = .idle
        let reported = ConversationAction.report(report, task)
        guard task.appChosenAtQuestion == true, task.candidateApps.count > 1, let app = task.app,
              let domain = ConversationFacts.domain(of: task.intent) else { return [reported] }
        let known = facts(task)
        guard known.preferredApp == nil, !known.defaultOffered else { return [reported] }
        var offered = task
        offered.questionsAsked = 0
        let question = PendingQuestion.makeDefault(app: app, domain: domain)
        state.stage = .asking(offered, question)
        state.questionNumber += 1
        return [reported, .markDefaultOffered(domain: domain), .ask(question, offered, repeated: false, resumed: false)]
    }

    /// The answer to the offer: only a yes makes the app the default. A new request is served as one; "help" or
    /// "repeat that" is answered and the offer asked again; anything else (no, cancel, words that answer
    /// nothing) leaves the domain without a default.
    mutating func answerDefaultOffer(_ answer: Answer, app: String, domain: String, question: PendingQuestion,
                                     task: IntentTask, facts: (IntentTask) -> ConversationFacts) -> [ConversationAction] {
        switch answer {
        case .yes, .always:
            state.stage = .idle
            return [.preferApp(app: app, domain: domain)]
        case .newRequest(let request):
            state.stage = .idle
            return handle(.request(request), facts: facts)
        case .assistant(let request):
            return (request == .help ? [.discovery] : []) + [.ask(question, task, repeated: false, resumed: false)]
        default:
            return declineDefaultOffer(task)
        }
    }

    /// The offer is dropped: the domain stays without a default.
    mutating func declineDefaultOffer(_ task: IntentTask) -> [ConversationAction] {
        state.stage = .idle
        return [.end(.defaultDeclined, task)]
    }
}

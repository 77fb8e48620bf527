import ParlanceCore
import ParlanceUnderstanding

extension ConversationMachine {
    /// The user's answer to the pending question: cancel, a new request, a permission or unlock
    /// answer, or a value, choice or yes/no for the request.
    mutating func apply(_ answer: Answer, to question: PendingQuestion, task: IntentTask,
                        facts: (IntentTask) -> ConversationFacts) -> [ConversationAction] {
        if case let .makeDefault(app, domain) = question {
            return answerDefaultOffer(answer, app: app, domain: domain, question: question, task: task, facts: facts)
        }
        switch answer {
        case .cancel:
            state.stage = .idle
            return [.end(.cancelled, task)]
        case .newRequest(let request):
            return interrupt(task, at: question, with: request, facts: facts)
        case .assistant(let request):
            // "what can you do?", "repeat that": answered, then the same question, which keeps its number.
            return (request == .help ? [.discovery] : []) + [.ask(question, task, repeated: false, resumed: false)]
        case .refused(let value):
            // "-5" for an amount: why it is none, then the same question again (it counts as a failed answer).
            return [.tell(.valueRefused(value), task)] + ask(question, task: task, step: Self.step(of: question))
        case .skip:
            return skip(question, task: task, facts: facts)
        case .ambiguousValue(let values, let otherwise):
            guard case let .value(parameter, element, _) = question, let value = values[parameter],
                  let other = OtherMeaning(otherwise) else { break }
            return ask(.valueOrOther(parameter: parameter, element: element, value: value, other: other), task: task,
                       step: parameter)
        default:
            break
        }
        switch question {
        case .permission(let app):
            guard answer == .yes || answer == .no else { return ask(question, task: task, step: "permission", repeated: true) }
            let record = ConversationAction.setPermission(answer == .yes ? .allowed : .denied, app: app)
            if answer == .no {
                state.stage = .idle
                return [record, .end(.permissionDenied(app: app), task)]
            }
            return [record] + advance(task, from: .unlock, facts: facts)
        case .unlock:
            if answer == .no {
                state.stage = .idle
                return [.end(.stayedLocked, task)]
            }
            return advance(task, from: .unlock, facts: facts)
        case .chooseApp(let options):
            if answer == .no {
                state.stage = .idle
                return [.end(.declined, task)]
            }
            guard case .choice(let index) = answer, options.indices.contains(index) else {
                return ask(question, task: task, step: "app", repeated: true)
            }
            var chosen = task
            chosen.app = options[index]
            chosen.appWasNamed = true  // the user chose it
            chosen.appChosenAtQuestion = true
            chosen.questionsAsked = 0
            return advance(chosen, from: .permission, facts: facts)
        case .confirmIntent:
            switch answer {
            case .yes: return advance(task, from: .handle, facts: facts)
            case .no:
                state.stage = .idle
                return [.end(.declined, task)]
            case .values(let values):
                return corrected(task, with: values, question: question, facts: facts)
            default: return ask(question, task: task, step: "confirmation", repeated: true)
            }
        case .makeDefault:
            return declineDefaultOffer(task)  // answered above
        case let .openApp(app, response):
            return answerOpening(answer, app: app, response: response, question: question, task: task, facts: facts)
        case let .value(parameter, element, _):
            if answer == .no {
                // "no" to "Which other payee?": nothing else is wanted.
                state.stage = .idle
                return [.end(.declined, task)]
            }
            guard case .values(let values) = answer, values[parameter] != nil else {
                return ask(question, task: task, step: parameter, repeated: true)
            }
            return answered(task, question: question, facts: facts) { $0.set(values, parameter: parameter, element: element) }
        case let .valueOrOther(parameter, element, value, other):
            switch answer {
            case .choice(0):
                return answered(task, question: question, facts: facts) { $0.choose(value, parameter: parameter, element: element) }
            case .choice(1), .choice(2):  // the other request by its name, or as "a new request"
                let asked = PendingQuestion.value(parameter: parameter, element: element, reason: .missing)
                switch other {
                case .request(let request): return interrupt(task, at: asked, with: request, facts: facts)
                case .assistant(let request):
                    return (request == .help ? [.discovery] : []) + ask(asked, task: task, step: parameter)
                }
            default:
                return ask(question, task: task, step: parameter, repeated: true)
            }
        case let .choice(parameter, element, items):
            var offered: JSONValue?
            if case .choice(let index) = answer, items.indices.contains(index) { offered = items[index] }
            return answerOffer(answer, accepting: offered, question: question, parameter: parameter, element: element,
                               task: task, facts: facts)
        case let .confirmValue(parameter, element, value):
            return answerOffer(answer, accepting: answer == .yes ? value : nil, question: question, parameter: parameter,
                               element: element, task: task, facts: facts)
        }
    }

    /// Yes, no or always to opening the app. Only those open it or not: anything else asks again, and past
    /// the step's limit the app stays closed (a new request or cancel ended the question before this).
    private mutating func answerOpening(_ answer: Answer, app: String, response: JSONValue, question: PendingQuestion,
                                        task: IntentTask, facts: (IntentTask) -> ConversationFacts) -> [ConversationAction] {
        switch answer {
        case .yes:
            return succeeded(task, .handOff(response), facts: facts)
        case .always:
            return [.openWithoutAsking(app: app)] + succeeded(task, .handOff(response), facts: facts)
        case .no:
            state.stage = .idle
            return [.report(.notOpened(response), task)]
        default:
            guard task.questionsAsked < policy.maximumQuestionsPerStep else {
                state.stage = .idle
                return [.report(.notOpened(response), task)]
            }
            return ask(question, task: task, step: "openApp", repeated: true)
        }
    }

    /// An answer to a choice or a yes/no about a value: the value accepted, another value named, or a
    /// refusal (then a new value is asked for).
    private mutating func answerOffer(_ answer: Answer, accepting accepted: JSONValue?, question: PendingQuestion,
                                      parameter: String, element: Int?, task: IntentTask,
                                      facts: (IntentTask) -> ConversationFacts) -> [ConversationAction] {
        if let accepted {
            return answered(task, question: question, facts: facts) { $0.choose(accepted, parameter: parameter, element: element) }
        }
        switch answer {
        case .values(let values) where values[parameter] != nil:
            return answered(task, question: question, facts: facts) { $0.set(values, parameter: parameter, element: element) }
        case .no:
            return ask(.value(parameter: parameter, element: element, reason: .refused), task: task, step: parameter)
        default:
            return ask(question, task: task, step: parameter, repeated: true)
        }
    }

    /// Puts an answered value into the request and resolves the parameter again; a value the intent
    /// can't hold ("Kiki" for a call type) leaves the request as it was and asks again. A message whose
    /// words or people came from an answer is read back before it is sent.
    private mutating func answered(_ task: IntentTask, question: PendingQuestion, facts: (IntentTask) -> ConversationFacts,
                                   change: (inout IntentTask) -> Void) -> [ConversationAction] {
        var changed = task
        change(&changed)
        guard changed.buildsIntent else { return [.ask(question, task, repeated: true, resumed: false)] }
        if policy.readsBack(changed.intent, unsure: true) { changed.userMustConfirm = true }
        if heardUnsurely, policy.readBackWhenMisheard.contains(changed.intent) { changed.userMustConfirm = true }
        return advance(changed, from: .resolve, facts: facts)
    }

    /// "no, make it 30" at the final question: the values replace the request's, everything is resolved
    /// and confirmed again, and the user is asked again before handle.
    private mutating func corrected(_ task: IntentTask, with values: [String: JSONValue], question: PendingQuestion,
                                    facts: (IntentTask) -> ConversationFacts) -> [ConversationAction] {
        var changed = task
        for (parameter, value) in values {
            changed.parameters[parameter] = value
            changed.confirmedValues[parameter] = nil
        }
        guard changed.buildsIntent else { return ask(question, task: task, step: "confirmation", repeated: true) }
        changed.parameterIndex = 0
        changed.questionsAsked = 0
        changed.confirmResponse = nil
        changed.userMustConfirm = true
        return advance(changed, from: .resolve, facts: facts)
    }

    /// A new request said at a question: served now, and the request it interrupted is asked about again
    /// once it is over, unless the new one says the same thing again (then it replaces it).
    private mutating func interrupt(_ task: IntentTask, at question: PendingQuestion, with request: UnderstoodRequest,
                                    facts: (IntentTask) -> ConversationFacts) -> [ConversationAction] {
        state.stage = .idle
        let restated = request.intent == task.intent && (request.app == nil || request.app == task.app)
        var actions: [ConversationAction] = []
        if !restated {
            // One request waits at a time: an older one set aside is dropped, with a word.
            if let older = state.interrupted { actions.append(.end(.setAside, older.task)) }
            var waiting = task
            waiting.questionsAsked = 0
            state.interrupted = InterruptedRequest(task: waiting, question: question)
        }
        return actions + handle(.request(request), facts: facts)
    }
}

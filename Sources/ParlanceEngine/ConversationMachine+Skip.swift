import ParlanceCore

extension ConversationMachine {
    /// "skip it" at a question. The app asked for a missing value (`needsValue`): it needs it, so the user
    /// hears so and is asked again. Any other value is dropped and the parameter resolved again without it;
    /// when the app then says it needs one, the same. A question about no value ends as before: the app
    /// stays closed, anything else is cancelled, and nothing is done.
    mutating func skip(_ question: PendingQuestion, task: IntentTask,
                       facts: (IntentTask) -> ConversationFacts) -> [ConversationAction] {
        switch question {
        case let .value(parameter, element, reason) where reason == .missing || reason == .required:
            return ask(.value(parameter: parameter, element: element, reason: .required), task: task, step: parameter)
        case .value(let parameter, let element, _), .choice(let parameter, let element, _),
             .confirmValue(let parameter, let element, _), .valueOrOther(let parameter, let element, _, _):
            var changed = task
            changed.drop(parameter, element: element)
            guard changed.buildsIntent else {
                return ask(.value(parameter: parameter, element: element, reason: .required), task: task, step: parameter)
            }
            return advance(changed, from: .resolve, facts: facts)
        case .openApp(_, let response):
            state.stage = .idle
            return [.report(.notOpened(response), task)]
        case .makeDefault:
            return declineDefaultOffer(task)
        case .chooseApp, .permission, .unlock, .confirmIntent:
            state.stage = .idle
            return [.end(.cancelled, task)]
        }
    }

    /// The step a question counts against (a parameter, "app", "confirmation"…), for the limit on asking.
    static func step(of question: PendingQuestion) -> String {
        switch question {
        case .chooseApp: return "app"
        case .permission: return "permission"
        case .unlock: return "unlock"
        case .confirmIntent: return "confirmation"
        case .openApp: return "openApp"
        case .makeDefault: return "makeDefault"
        case .value(let parameter, _, _), .choice(let parameter, _, _), .confirmValue(let parameter, _, _),
             .valueOrOther(let parameter, _, _, _):
            return parameter
        }
    }
}

extension IntentTask {
    /// The user skipped this value: it is taken out (one element of a list, else the whole value), and the
    /// parameter is resolved without it; the user hears it was left out once the app takes that.
    mutating func drop(_ parameter: String, element: Int?) {
        if isList(parameter), let element, var list = parameters[parameter]?.arrayValue, list.indices.contains(element) {
            list.remove(at: element)
            parameters[parameter] = list.isEmpty ? nil : .array(list)
        } else {
            parameters[parameter] = nil
            confirmedValues[parameter] = nil
        }
        if !(skipped ?? []).contains(parameter) { skipped = (skipped ?? []) + [parameter] }
        skipToTell = parameter
    }
}

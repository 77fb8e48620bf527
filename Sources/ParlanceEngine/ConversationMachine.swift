import Foundation
import ParlanceCore
import ParlanceHosting
import ParlancePresentation
import ParlanceUnderstanding

/// The conversation's rules as pure functions of its state: what to do next, and how a resolution
/// result, a confirm response or the user's answer changes the state. No I/O: the `Conversation`
/// actor performs the steps and feeds the results back.
public struct ConversationMachine: Sendable {
    public var policy: ConversationPolicy

    public init(policy: ConversationPolicy = ConversationPolicy()) {
        self.policy = policy
    }

    // MARK: Next step

    /// The next step for a task, given the facts outside the conversation.
    public func next(_ task: inout IntentTask, facts: ConversationFacts) -> ConversationStep {
        while true {
            switch task.phase {
            case .chooseApp:
                if task.app != nil {
                    task.phase = .permission
                } else if task.candidateApps.count == 1 {
                    task.app = task.candidateApps[0]
                    task.phase = .permission
                } else {
                    return ask(.chooseApp(options: task.candidateApps), in: &task, step: "app")
                }
            case .permission:
                switch facts.permission {
                case .allowed: task.phase = .unlock
                case .denied: return .finish(.permissionDenied(app: task.app ?? ""))
                case .notDetermined: return .ask(.permission(app: task.app ?? ""), repeated: false)
                }
            case .unlock:
                if facts.requiresUnlock && facts.sessionLocked {
                    return ask(.unlock, in: &task, step: "unlock")
                }
                task.phase = .resolve
                task.questionsAsked = 0
            case .resolve:
                if task.parameterIndex < facts.parameters.count {
                    return .resolve(parameter: facts.parameters[task.parameterIndex].name)
                }
                task.phase = .confirm
            case .confirm:
                return .confirm
            case .userConfirmation:
                return ask(.confirmIntent, in: &task, step: "confirmation")
            case .handle:
                return .handle
            }
        }
    }

    private func ask(_ question: PendingQuestion, in task: inout IntentTask, step: String,
                     repeated: Bool = false) -> ConversationStep {
        guard task.questionsAsked < policy.maximumQuestionsPerStep else { return .finish(.gaveUp(step: step)) }
        task.questionsAsked += 1
        return .ask(question, repeated: repeated)
    }

    // MARK: Extension results

    /// Applies the extension's results for one parameter (nil: the extension does not resolve it).
    /// Returns the question to ask, or nil to go on.
    public func applyResolution(_ results: [ResolutionOutcome]?, parameter: String, isList: Bool,
                                to task: inout IntentTask) -> ConversationStep? {
        guard let results, !results.isEmpty else {
            advance(&task)
            return nil
        }
        let original: [JSONValue?] = isList ? (task.parameters[parameter]?.arrayValue ?? []).map { $0 }
                                            : [task.parameters[parameter]]
        let confirmed = task.confirmedValues[parameter] ?? []
        var resolved: [JSONValue] = []
        for (index, result) in results.enumerated() {
            let current = index < original.count ? original[index] : nil
            var question: PendingQuestion?
            // One result for several values is about the whole list ("one person at a time").
            let wholeList = isList && results.count == 1 && original.count > 1
            let element = isList && !wholeList ? resolved.count : nil
            switch result.kind {
            case .success, .unimplemented:
                if let value = result.value ?? current { resolved.append(value) }
            case .notRequired:
                break
            case .confirmationRequired:
                if let value = result.value, value != .null {
                    if confirmed.contains(value) { resolved.append(value) } else {
                        question = .confirmValue(parameter: parameter, element: element, value: value)
                    }
                }
            case .disambiguation:
                let items = Array(result.items.prefix(policy.maximumChoices))
                if let chosen = items.first(where: confirmed.contains) {
                    resolved.append(chosen)
                } else if items.count == 1 {
                    question = .confirmValue(parameter: parameter, element: element, value: items[0])
                } else if items.isEmpty {
                    question = .value(parameter: parameter, element: element, reason: .moreDetails)
                } else {
                    question = .choice(parameter: parameter, element: element, items: items)
                }
            case .needsValue:
                question = .value(parameter: parameter, element: element, reason: .missing)
            case .needsMoreDetails:
                question = .value(parameter: parameter, element: element, reason: .moreDetails)
            case .unsupported:
                question = .value(parameter: parameter, element: element, reason: .unsupported(reason: result.reason))
            }
            if let question {
                let rest = original.dropFirst(index).compactMap { $0 }
                store(resolved + rest, parameter: parameter, isList: isList, in: &task)
                return ask(question, in: &task, step: parameter)
            }
        }
        store(resolved, parameter: parameter, isList: isList, in: &task)
        advance(&task)
        return nil
    }

    /// Applies the extension's confirm response code: on to the user's yes, on to handle, or the end.
    public func applyConfirm(code: String?, response: JSONValue?, to task: inout IntentTask) -> ConversationStep? {
        task.confirmResponse = response
        if let code, let response {
            if Self.isFailure(code) { return .finish(.confirmFailed(response: response)) }
            if Self.handsOff(code) { return .finish(.handOffAtConfirm(response: response)) }
        }
        task.questionsAsked = 0
        let asksUser = policy.needsUserConfirmation.contains(task.intent) || code == "userConfirmationRequired"
        task.phase = asksUser ? .userConfirmation : .handle
        return nil
    }

    /// Whether a response code is a failure that ends the conversation at confirm.
    static func isFailure(_ code: String) -> Bool {
        code.hasPrefix("failure") && !code.hasPrefix("failureRequiringAppLaunch")
    }

    /// Whether a response code asks for the app to continue the request.
    public static func handsOff(_ code: String) -> Bool {
        code.hasPrefix("failureRequiringAppLaunch") || code == "continueInApp" || code == "handleInApp"
    }

    private func advance(_ task: inout IntentTask) {
        task.parameterIndex += 1
        task.questionsAsked = 0
    }

    private func store(_ values: [JSONValue], parameter: String, isList: Bool, in task: inout IntentTask) {
        if isList {
            task.parameters[parameter] = values.isEmpty ? nil : .array(values)
        } else {
            task.parameters[parameter] = values.first
        }
    }

    // MARK: The user's answers

    /// Applies the user's answer to a question about a parameter or the final confirmation (the
    /// engine handles cancel, new requests, permission and unlock). Returns the step to take now:
    /// nil to go on, or the question again, or the end.
    public func applyAnswer(_ answer: Answer, to question: PendingQuestion, task: inout IntentTask,
                            isList: Bool) -> ConversationStep? {
        switch question {
        case .chooseApp(let options):
            if case .choice(let index) = answer, options.indices.contains(index) {
                task.app = options[index]
                task.phase = .permission
                task.questionsAsked = 0
                return nil
            }
            return ask(question, in: &task, step: "app", repeated: true)
        case .confirmIntent:
            switch answer {
            case .yes:
                task.phase = .handle
                return nil
            case .no: return .finish(.declined)
            default: return ask(question, in: &task, step: "confirmation", repeated: true)
            }
        case let .value(parameter, element, _):
            if case .values(let values) = answer, values[parameter] != nil {
                set(values, parameter: parameter, element: element, isList: isList, in: &task)
                return nil
            }
            return ask(question, in: &task, step: parameter, repeated: true)
        case let .choice(parameter, element, items):
            var offered: JSONValue?
            if case .choice(let index) = answer, items.indices.contains(index) { offered = items[index] }
            return answerOffer(answer, accepting: offered, question: question, parameter: parameter, element: element,
                               isList: isList, task: &task)
        case let .confirmValue(parameter, element, value):
            return answerOffer(answer, accepting: answer == .yes ? value : nil, question: question, parameter: parameter,
                               element: element, isList: isList, task: &task)
        case .permission, .unlock:
            return nil
        }
    }

    /// An answer to a choice or a yes/no about a value: the value accepted, another value named, or a
    /// refusal (then a new value is asked for).
    private func answerOffer(_ answer: Answer, accepting accepted: JSONValue?, question: PendingQuestion,
                             parameter: String, element: Int?, isList: Bool, task: inout IntentTask) -> ConversationStep? {
        if let accepted {
            choose(accepted, parameter: parameter, element: element, isList: isList, in: &task)
            return nil
        }
        switch answer {
        case .values(let values) where values[parameter] != nil:
            set(values, parameter: parameter, element: element, isList: isList, in: &task)
            return nil
        case .no:
            return ask(.value(parameter: parameter, element: element, reason: .refused), in: &task, step: parameter)
        default:
            return ask(question, in: &task, step: parameter, repeated: true)
        }
    }

    /// The user picked or confirmed this value: it is set and not asked about again.
    private func choose(_ value: JSONValue, parameter: String, element: Int?, isList: Bool, in task: inout IntentTask) {
        task.confirmedValues[parameter, default: []].append(value)
        set([parameter: isList ? .array([value]) : value], parameter: parameter, element: element, isList: isList,
            in: &task)
    }

    /// Puts the answered value (and its companions, such as a goal's unit) into the intent; the
    /// parameter is then resolved again.
    private func set(_ values: [String: JSONValue], parameter: String, element: Int?, isList: Bool,
                     in task: inout IntentTask) {
        for (name, value) in values where name != parameter {
            task.parameters[name] = value
        }
        guard let value = values[parameter] else { return }
        if isList {
            let given = value.arrayValue ?? [value]
            var list = task.parameters[parameter]?.arrayValue ?? []
            if let element, list.indices.contains(element) {
                list.replaceSubrange(element...element, with: given)
            } else {
                list = given  // a question about the whole list: the answer is the new list
            }
            task.parameters[parameter] = .array(list)
        } else {
            task.parameters[parameter] = value.arrayValue?.first ?? value
        }
        task.phase = .resolve
    }
}

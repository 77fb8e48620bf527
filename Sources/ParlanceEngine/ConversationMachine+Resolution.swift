import ParlanceCore

extension ConversationMachine {
    /// Applies the extension's results for the remaining parameters in order. It stops at the first
    /// result that needs the user, or that changed a value (later parameters were resolved against the
    /// old one, so they are resolved again), as resolving one by one would.
    mutating func applyResolutions(_ results: [String: [ResolutionOutcome]], to task: IntentTask,
                                   facts: (IntentTask) -> ConversationFacts) -> [ConversationAction] {
        var task = task
        let order = Self.parameters(of: task.intent)
        var told: [ConversationAction] = []
        for (name, isList) in order[min(task.parameterIndex, order.count)...] {
            let sent = task.parameters[name]
            if let question = applyResolution(results[name], parameter: name, isList: isList, to: &task) {
                if task.skipToTell == name { task.skipToTell = nil }
                return told + ask(question, task: task, step: name)
            }
            if task.skipToTell == name {
                // The app goes on without the skipped value: said once.
                task.skipToTell = nil
                told.append(.tell(.valueSkipped, task))
            }
            if task.parameters[name] != sent { break }
        }
        return told + advance(task, from: .resolve, facts: facts)
    }

    /// Applies the results for one parameter (nil: the extension does not resolve it). Returns the
    /// question to ask, or nil to go on with the next parameter.
    func applyResolution(_ results: [ResolutionOutcome]?, parameter: String, isList: Bool,
                         to task: inout IntentTask) -> PendingQuestion? {
        guard let results, !results.isEmpty else {
            task.parameterIndex += 1
            task.questionsAsked = 0
            return nil
        }
        let original: [JSONValue?] = isList ? (task.parameters[parameter]?.arrayValue ?? []).map { $0 }
                                            : [task.parameters[parameter]]
        let confirmed = task.confirmedValues[parameter] ?? []
        var resolved: [JSONValue] = []
        for (index, result) in results.enumerated() {
            let current = index < original.count ? original[index] : nil
            // One result for several values is about the whole list ("one person at a time").
            let wholeList = isList && results.count == 1 && original.count > 1
            let element = isList && !wholeList ? resolved.count : nil
            var question: PendingQuestion?
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
                // A value the user skipped that the app needs after all: said so when asked again.
                let skipped = task.skipped?.contains(parameter) == true
                question = .value(parameter: parameter, element: element, reason: skipped ? .required : .missing)
            case .needsMoreDetails:
                question = .value(parameter: parameter, element: element, reason: .moreDetails)
            case .unsupported:
                question = .value(parameter: parameter, element: element, reason: .unsupported(reason: result.reason))
            }
            if let question {
                let rest = original.dropFirst(index).compactMap { $0 }
                task.store(resolved + rest, parameter: parameter, isList: isList)
                return question
            }
        }
        task.store(resolved, parameter: parameter, isList: isList)
        task.parameterIndex += 1
        task.questionsAsked = 0
        return nil
    }
}

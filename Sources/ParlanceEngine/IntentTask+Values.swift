import Foundation
@_spi(Parlance) import Intents
import ParlanceCore

extension IntentTask {
    /// The SDK intent for the task's current parameters.
    public func makeIntent() throws -> INIntent {
        let object: JSONValue = .object(["intent": .string(intent), "identifier": .string(identifier),
                                         "parameters": .object(parameters)])
        return try JSONValueDecoder().decode(AnyIntent.self, from: object).intent
    }

    /// Whether the parameters make an intent of the task's class (a value of the wrong type does not).
    var buildsIntent: Bool { (try? makeIntent()) != nil }

    /// Whether a parameter of the task's intent holds a list.
    func isList(_ parameter: String) -> Bool {
        ConversationFacts.parameters(of: intent).first { $0.name == parameter }?.isList ?? false
    }

    /// The user picked or confirmed this value: it is set and not asked about again.
    mutating func choose(_ value: JSONValue, parameter: String, element: Int?) {
        confirmedValues[parameter, default: []].append(value)
        set([parameter: isList(parameter) ? .array([value]) : value], parameter: parameter, element: element)
    }

    /// Puts the answered value (and its companions, such as a goal's unit) into the intent; the
    /// parameter is then resolved again.
    mutating func set(_ values: [String: JSONValue], parameter: String, element: Int?) {
        for (name, value) in values where name != parameter {
            parameters[name] = value
        }
        guard let value = values[parameter] else { return }
        if isList(parameter) {
            let given = value.arrayValue ?? [value]
            var list = parameters[parameter]?.arrayValue ?? []
            if let element, list.indices.contains(element) {
                list.replaceSubrange(element...element, with: given)
            } else {
                list = given  // a question about the whole list: the answer is the new list
            }
            parameters[parameter] = .array(list)
        } else {
            parameters[parameter] = value.arrayValue?.first ?? value
        }
    }

    /// Stores a parameter's resolved values: a list, or the first value.
    mutating func store(_ values: [JSONValue], parameter: String, isList: Bool) {
        if isList {
            parameters[parameter] = values.isEmpty ? nil : .array(values)
        } else {
            parameters[parameter] = values.first
        }
    }
}

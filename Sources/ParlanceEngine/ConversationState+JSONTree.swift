import Foundation
import Intents
import ParlanceCore

// The saved state written directly as JSON (`JSONTree`, docs/architecture.md › JSON inside the engine): exactly
// the synthesized `Codable` form the store keeps and reads back on resume (`ConversationStateTreeTests` compares
// the two); a state holding a question (`asking`) is written by `Codable`.

extension ConversationState: JSONTreeEncodable {
    package func jsonTree() throws -> JSONValue {
        // A set-aside request holds a question: written by `Codable`.
        guard interrupted == nil else { throw JSONTree.Unsupported() }
        return .object(["language": .string(language), "stage": try stage.jsonTree(),
                        "questionNumber": .number(Double(questionNumber))])
    }
}

extension ConversationStage {
    /// As the synthesized form: the case's name holding its values by label (`_0` for an unlabelled one).
    func jsonTree() throws -> JSONValue {
        switch self {
        case .idle: .object(["idle": .object([:])])
        case .resolving(let task): .object(["resolving": .object(["_0": task.jsonTree])])
        case .confirming(let task): .object(["confirming": .object(["_0": task.jsonTree])])
        case .handling(let task): .object(["handling": .object(["_0": task.jsonTree])])
        case .findingRide(let task, let phase):
            .object(["findingRide": .object(["_0": task.jsonTree, "then": .string(phase.rawValue)])])
        case .asking: throw JSONTree.Unsupported()
        }
    }
}

extension IntentTask {
    var jsonTree: JSONValue {
        var members: [String: JSONValue] = [
            "intent": .string(intent), "identifier": .string(identifier), "parameters": .object(parameters),
            "appWasNamed": .bool(appWasNamed), "candidateApps": .array(candidateApps.map { .string($0) }),
            "parameterIndex": .number(Double(parameterIndex)), "questionsAsked": .number(Double(questionsAsked)),
            "confirmedValues": .object(confirmedValues.mapValues { .array($0) }),
        ]
        if let app { members["app"] = .string(app) }
        if let confirmResponse { members["confirmResponse"] = confirmResponse }
        if let userMustConfirm { members["userMustConfirm"] = .bool(userMustConfirm) }
        if let appChosenAtQuestion { members["appChosenAtQuestion"] = .bool(appChosenAtQuestion) }
        if let skipped { members["skipped"] = .array(skipped.map { .string($0) }) }
        if let skipToTell { members["skipToTell"] = .string(skipToTell) }
        if let sentFrom { members["sentFrom"] = .string(sentFrom) }
        return .object(members)
    }
}

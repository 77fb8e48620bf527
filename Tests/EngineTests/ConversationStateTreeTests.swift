import Foundation
import Intents
import ParlanceCore
@testable import ParlanceEngine
import Testing

/// The saved state's direct JSON form is exactly its synthesized `Codable` form, which the store keeps and
/// reads back on resume: for every stage and for tasks with and without each optional value.
@Suite struct ConversationStateTreeTests {
    private static func throughText(_ value: some Encodable) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    private static var tasks: [IntentTask] {
        let bare = IntentTask(intent: "INSendMessageIntent", identifier: "r-1", parameters: [:], app: nil,
                              appWasNamed: false, candidateApps: [])
        var full = IntentTask(intent: "INSendPaymentIntent", identifier: "r-2",
                              parameters: ["payee": .object(["displayName": .string("Kiki"), "aliases": .array([])]),
                                           "currencyAmount": .object(["amount": .number(5.25), "currencyCode": .string("EUR")]),
                                           "note": .null],
                              app: "com.example.monkeypay", appWasNamed: true, candidateApps: ["a", "b"])
        full.parameterIndex = 3
        full.questionsAsked = 2
        full.confirmedValues = ["payee": [.string("Kiki"), .number(1)], "note": []]
        full.confirmResponse = .object(["code": .string("ready"), "properties": .object([:])])
        full.userMustConfirm = true
        full.appChosenAtQuestion = true
        full.skipped = ["note"]
        full.skipToTell = "note"
        full.sentFrom = "host-a:/var/lib/parlance"
        var nullResponse = bare
        nullResponse.confirmResponse = .null
        return [bare, full, nullResponse]
    }

    @Test func everyStageAsCodableWritesIt() throws {
        for task in Self.tasks {
            // A property added to the task must be written by `IntentTask.jsonTree` too.
            #expect(Mirror(reflecting: task).children.count == 15, "IntentTask's stored properties changed")
            let stages: [ConversationStage] = [.idle, .resolving(task), .confirming(task), .handling(task),
                                               .findingRide(task, then: .permission)]
            for stage in stages {
                for language in ["en", "zh-Hans"] {
                    let state = ConversationState(language: language, stage: stage, questionNumber: 7)
                    #expect(try state.jsonTree() == Self.throughText(state), "\(stage)")
                    #expect(try JSONValueEncoder().encode(state) == Self.throughText(state))
                    // Read back as on resume (a null confirm response reads as none, as it always did).
                    let back = try JSONDecoder().decode(ConversationState.self, from: JSONValueEncoder().encode(state).jsonData())
                    if task.confirmResponse != .null { #expect(back == state) }
                }
            }
        }
    }

    @Test func aStateWithARequestSetAsideIsWrittenByCodableAndReadBack() throws {
        let task = try #require(Self.tasks.first)
        var state = ConversationState(language: "de", stage: .handling(task), questionNumber: 3)
        state.interrupted = InterruptedRequest(task: task, question: .value(parameter: "content", element: nil, reason: .missing))
        #expect(throws: JSONTree.Unsupported.self) { try state.jsonTree() }
        let back = try JSONDecoder().decode(ConversationState.self, from: JSONValueEncoder().encode(state).jsonData())
        #expect(back == state)
    }

    @Test func aStateSavedBeforeQuestionsWereNumberedReads() throws {
        let saved = Data(#"{"language":"en","stage":{"idle":{}}}"#.utf8)
        let state = try JSONDecoder().decode(ConversationState.self, from: saved)
        #expect(state.questionNumber == 0)
        #expect(state.interrupted == nil)
    }

    @Test func aStateWithAQuestionIsWrittenByCodable() throws {
        let task = try #require(Self.tasks.first)
        let state = ConversationState(language: "en", stage: .asking(task, .permission(app: "com.example.monkeychat")))
        #expect(throws: JSONTree.Unsupported.self) { try state.jsonTree() }
        #expect(try JSONValueEncoder().encode(state) == Self.throughText(state))
    }
}

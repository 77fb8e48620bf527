import Foundation
import TestSupport
import Testing

/// Answers name the question they answer (`answering`, a question turn's `questionNumber`), through the real
/// `parlance serve` and the sample apps' extensions: a declined payment's old "yes" is refused, in words, and
/// never answers the newer question, and MonkeyPay is not called again; the conversation, the user's words
/// included, is served again for a reloaded page.
@Suite(.serialized, .waitsBlocking)
struct StaleAnswerTests {
    static let pay = "org.parlance.examples.monkeypay"

    @Test("a declined payment's old yes does not answer “Use MonkeyCall for that?”, and MonkeyPay is not called")
    func declinedPaymentsOldYes() async throws {
        let home = ServerTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home)
        defer { server.stop() }
        let spec = try OpenAPIDocument(yaml: try await server.request("GET", "/openapi.yaml").body)
        for app in ["monkeypay", "monkeycall"] {
            _ = try await server.request("PUT", "/v1/apps/org.parlance.examples.\(app)/permission", json: ["permission": "allowed"])
        }
        let id = try await server.startConversation()
        let events = try WebSocketTestClient(url: server.socketURL("/v1/conversations/\(id)/events"))
        func say(_ text: String, answering question: Int? = nil) async throws -> [[String: Any]] {
            var body: [String: Any] = ["text": text]
            if let question { body["answering"] = question }
            let reply = try await server.request("POST", "/v1/conversations/\(id)/turns", json: body)
            ServerTests.conforming(reply, "POST", "/v1/conversations/{id}/turns", to: spec)
            return reply.object["turns"] as? [[String: Any]] ?? []
        }

        let confirm = try #require(try await say("pay Kiki 5 dollars with MonkeyPay for bananas").last)
        #expect(confirm["step"] as? String == "confirmIntent", "\(confirm)")
        let payment = try #require(confirm["questionNumber"] as? Int, "a question carries its number: \(confirm)")
        let declined = try await say("no", answering: payment)
        #expect(declined.map { $0["step"] as? String } == ["declined"], "\(declined)")
        #expect(declined.allSatisfy { $0["questionNumber"] == nil }, "only questions carry a number")
        let useCall = try #require(try await say("call Kiki").last)
        #expect(useCall["step"] as? String == "app" && useCall["app"] != nil, "\(useCall)")
        let call = try #require(useCall["questionNumber"] as? Int)
        #expect(call > payment)
        let paymentCalls = try StructuredIntentTests.calls(in: home, app: Self.pay, intent: "INSendPaymentIntent")

        // The payment's old yes: refused in words, the pending question asked again, nothing done.
        let refused = try await say("yes", answering: payment)
        #expect(refused.map { $0["step"] as? String } == ["staleAnswer", "app"], "\(refused)")
        let refusal = refused.first?["speech"] as? String ?? ""
        #expect(refusal == "That answer was for an earlier question, so I didn't use it. Nothing was done.", "\(refusal)")
        #expect(refused.last?["questionNumber"] as? Int == call, "the same question, still waiting: \(refused)")
        #expect(refused.last?["speech"] as? String == useCall["speech"] as? String)
        for word in ["answering", "questionNumber", "\(payment)", "{", "seq"] {
            #expect(!refusal.contains(word), "no protocol detail in the words: \(refusal)")
        }
        let shown = try await server.request("GET", "/v1/conversations/\(id)")
        ServerTests.conforming(shown, "GET", "/v1/conversations/{id}", to: spec)
        #expect(shown.object["pendingQuestion"] as? Int == call, "\(shown.text)")
        #expect(try StructuredIntentTests.calls(in: home, app: Self.pay, intent: "INSendPaymentIntent") == paymentCalls)
        #expect(!paymentCalls.contains { $0.hasPrefix("handle") }, "\(paymentCalls)")
        let history = try CommandRunner(home: home).runProgram(TestProducts.path("monkeypay"), ["history"])
        #expect(history.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "a payment was made: \(history)")

        // An answer naming no question, or the pending one, is taken.
        let taken = try await say("yes", answering: call)
        #expect(taken.first?["step"] as? String != "staleAnswer", "\(taken)")
        #expect(taken.allSatisfy { $0["intent"] as? String == "INStartCallIntent" }, "\(taken)")

        // The WebSocket heard the same question numbers.
        var heard: [[String: Any]] = []
        while heard.count < 6, let message = try events.receive() {
            heard.append(try #require(try JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any]))
        }
        #expect(Array(heard.compactMap { $0["questionNumber"] as? Int }.prefix(3)) == [payment, call, call], "\(heard)")

        // The whole conversation, for a page reloaded: the user's words between the assistant's turns.
        let view = try await server.request("GET", "/v1/conversations/\(id)")
        ServerTests.conforming(view, "GET", "/v1/conversations/{id}", to: spec)
        let said = try #require(view.object["said"] as? [[String: Any]])
        #expect(said.map { $0["text"] as? String } == ["pay Kiki 5 dollars with MonkeyPay for bananas", "no", "call Kiki", "yes", "yes"])
        #expect(said.map { $0["after"] as? Int } == [0, 1, 2, 3, 5], "\(said)")
        #expect(said.map { $0["answering"] as? Int } == [nil, payment, nil, payment, call])
    }

    @Test("an answer repeated after its reply was lost is told what came of it, again, and nothing is done twice")
    func repeatedAnswerIsToldItsOutcome() async throws {
        let home = ServerTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home)
        defer { server.stop() }
        let spec = try OpenAPIDocument(yaml: try await server.request("GET", "/openapi.yaml").body)
        _ = try await server.request("PUT", "/v1/apps/\(Self.pay)/permission", json: ["permission": "allowed"])
        let id = try await server.startConversation()
        let confirm = try #require(try await server.say("pay Kiki 7 dollars with MonkeyPay", in: id).last)
        let payment = try #require(confirm["questionNumber"] as? Int, "\(confirm)")
        let paid = try await server.say("yes", in: id, answering: payment)
        let result = try #require(paid.last { $0["kind"] as? String == "result" }, "\(paid)")

        // The device never got that reply (the connection dropped) and sends the same answer again.
        let again = try await server.request("POST", "/v1/conversations/\(id)/turns", json: ["text": "yes", "answering": payment])
        ServerTests.conforming(again, "POST", "/v1/conversations/{id}/turns", to: spec)
        let turns = again.object["turns"] as? [[String: Any]] ?? []
        #expect(turns.map { $0["step"] as? String } == ["staleAnswer", result["step"] as? String], "\(turns)")
        #expect((turns.first?["speech"] as? String)?.hasPrefix("That question was already answered") == true, "\(turns)")
        #expect(turns.last?["seq"] as? Int == result["seq"] as? Int, "the result keeps its number: \(turns)")
        #expect(turns.last?["speech"] as? String == result["speech"] as? String)
        let history = try CommandRunner(home: home).runProgram(TestProducts.path("monkeypay"), ["history"])
        #expect(history.split(separator: "\n").count == 1, "paid once: \(history)")

        // Once a newer question was asked, the old answer is refused as before, with nothing shown again.
        let newer = try #require(try await server.say("pay Kiki 8 dollars with MonkeyPay", in: id).last)
        #expect(newer["step"] as? String == "confirmIntent", "\(newer)")
        let refused = try await server.say("yes", in: id, answering: payment)
        #expect(refused.map { $0["step"] as? String } == ["staleAnswer", "confirmIntent"], "\(refused)")
    }

    @Test("the refusal is in the conversation's language; an answer at no question while none waits is refused too")
    func refusalInGerman() async throws {
        let home = ServerTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home)
        defer { server.stop() }
        let id = try await server.startConversation(language: "de")
        let reply = try await server.request("POST", "/v1/conversations/\(id)/turns", json: ["text": "ja", "answering": 7])
        let turns = reply.object["turns"] as? [[String: Any]] ?? []
        #expect(turns.map { $0["step"] as? String } == ["staleAnswer"], "\(reply.text)")
        #expect((turns.first?["speech"] as? String)?.hasPrefix("Diese Antwort war für eine frühere Frage") == true, "\(turns)")
        let wrong = try await server.request("POST", "/v1/conversations/\(id)/turns", json: ["text": "ja", "answering": "eins"])
        #expect(wrong.status == 422, "\(wrong.text)")
    }
}

import ExtensionWire
import Foundation
import Intents
import ParlanceCore

/// Where the time of one round trip goes: each step alone, averaged over many runs.
enum CostBreakdown {
    static func run(iterations: Int) async throws {
        let intent = HostBenchmarks.intent
        let params = ResolveParams(intent: intent, parameters: ["recipients"])
        let request = try WireProtocol.line(OutgoingRequest(id: 1, method: .resolve, params: params))
        let handler = BenchHandler()
        let results = try await IntentDispatcher().resolve("recipients", of: intent, with: handler) ?? []
        let reply = try WireProtocol.line(SuccessReply(id: .number(1), result: ResolveResult(resolutions: [
            ParameterResolution(parameter: "recipients", results: results)])))

        try await measure("encode request", iterations) { _ = try WireProtocol.line(OutgoingRequest(id: 1, method: .resolve, params: params)) }
        let encoder = WireProtocol.encoder()
        try await measure("encode request, shared encoder", iterations) { _ = try encoder.encode(OutgoingRequest(id: 1, method: .resolve, params: params)) }
        try await measure("encode INPerson", iterations) { _ = try encoder.encode(intent.recipients) }
        try await measure("encode intent", iterations) { _ = try encoder.encode(AnyIntent(intent)) }
        let decoder = JSONDecoder()
        try await measure("decode reply, shared decoder", iterations) { _ = try decoder.decode(ReplyResult<ResolveResult>.self, from: reply) }
        let serial = try JSONSerialization.jsonObject(with: request)
        try await measure("JSONSerialization parse request", iterations) { _ = try JSONSerialization.jsonObject(with: request) }
        try await measure("JSONSerialization write request", iterations) { _ = try JSONSerialization.data(withJSONObject: serial) }
        try await measure("decode request (extension)", iterations) { _ = try JSONDecoder().decode(WireRequest.self, from: request) }
        try await measure("dispatch resolve", iterations) { _ = try await IntentDispatcher().resolve("recipients", of: intent, with: handler) }
        try await measure("encode reply", iterations) {
            _ = try WireProtocol.line(SuccessReply(id: .number(1), result: ResolveResult(resolutions: [
                ParameterResolution(parameter: "recipients", results: results)])))
        }
        try await measure("decode reply header", iterations) { _ = try JSONDecoder().decode(IncomingMessage.self, from: reply) }
        try await measure("decode reply result", iterations) { _ = try JSONDecoder().decode(ReplyResult<ResolveResult>.self, from: reply) }
        let request2 = OutgoingRequest(id: 1, method: .resolve, params: params)
        try await measure("request → JSONValue → text", iterations) { _ = try JSONValueEncoder().encode(request2).jsonData() }
        try await measure("request → JSONValue", iterations) { _ = try JSONValueEncoder().encode(request2) }
        try await measure("intent → JSONValue", iterations) { _ = try JSONValueEncoder().encode(AnyIntent(intent)) }
        try await measure("request text → JSONValue", iterations) { _ = try JSONValue(jsonData: request) }
        let requestValue = try JSONValue(jsonData: request)
        try await measure("JSONValue → WireRequest", iterations) { _ = try JSONValueDecoder().decode(WireRequest.self, from: requestValue) }
        let replyValue = try JSONValue(jsonData: reply)
        try await measure("JSONValue → reply result", iterations) {
            _ = try JSONValueDecoder().decode(ReplyResult<ResolveResult>.self, from: replyValue)
        }
        let replyMessage = SuccessReply(id: .number(1), result: ResolveResult(resolutions: [
            ParameterResolution(parameter: "recipients", results: results)]))
        try await measure("reply → JSONValue", iterations) { _ = try JSONValueEncoder().encode(replyMessage) }
        try await measure("request text → JSONValue (Codable)", iterations) { _ = try JSONDecoder().decode(JSONValue.self, from: request) }
        try await measure("task group + sleep race", iterations) {
            _ = try await withThrowingTaskGroup(of: Int.self) { group in
                group.addTask { 1 }
                group.addTask { try await Task.sleep(for: .seconds(5)); return 2 }
                defer { group.cancelAll() }
                return try await group.next() ?? 0
            }
        }
    }

    static func measure(_ name: String, _ iterations: Int, _ body: () async throws -> Void) async throws {
        for _ in 0..<200 { try await body() }
        let start = ContinuousClock.now
        for _ in 0..<iterations { try await body() }
        let each = (ContinuousClock.now - start) / iterations
        print(String(format: "%-30@ %8.1f µs", name as NSString, Double(each / .nanoseconds(1)) / 1000))
    }
}

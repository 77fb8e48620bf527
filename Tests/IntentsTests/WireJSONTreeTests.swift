import Foundation
@testable import ExtensionWire
import Intents
import ParlanceCore
import Testing

/// The protocol's messages read and written through the direct JSON form (`WireMessages+JSONTree.swift`) give
/// what their `Codable` code gives, for every golden intent and response in requests and replies, and for
/// variants of those messages; what the direct form does not read exactly, it leaves to `Codable`.
@Suite struct WireJSONTreeTests {
    private static func goldens(_ suffix: Bool) -> [JSONValue] {
        guard let folder = Bundle.module.url(forResource: "Golden", withExtension: nil),
              let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return files.filter { $0.hasSuffix(".json") && $0.hasSuffix("Response.json") == suffix }.sorted().compactMap {
            try? JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: folder.appendingPathComponent($0)))
        }
    }

    private static func throughText(_ value: some Encodable) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    /// What a request says: the id, the call and its parameters written back by `Codable`.
    private static func summary(_ request: WireRequest) throws -> JSONValue {
        let call: [JSONValue]
        switch request.call {
        case .resolve(let params): call = [.string("resolve"), try throughText(params)]
        case .confirm(let params): call = [.string("confirm"), try throughText(params)]
        case .handle(let params): call = [.string("handle"), try throughText(params)]
        case .startUpdates(let params): call = [.string("startUpdates"), try throughText(params)]
        case .stopUpdates(let params): call = [.string("stopUpdates"), try throughText(params)]
        case .shutdown: call = [.string("shutdown")]
        case .unknown(let method): call = [.string("unknown"), .string(method)]
        case .invalidParams(let method, let message): call = [.string("invalid"), .string(method), .string(message)]
        case .initialize, .configureView: call = [.string("other")]
        }
        return .array([.string(request.id.map(String.init(describing:)) ?? "-")] + call)
    }

    private static func variants(of value: JSONValue, depth: Int = 0) -> [JSONValue] {
        guard depth < 2, case .object(let members) = value else { return [] }
        var out: [JSONValue] = []
        for (key, member) in members {
            var changed = members
            changed[key] = nil
            out.append(.object(changed))
            for other: JSONValue in [.null, .string("x"), .number(2.5), .number(7), .bool(true), .object([:])] where other != member {
                changed = members
                changed[key] = other
                out.append(.object(changed))
            }
            for inner in variants(of: member, depth: depth + 1) {
                changed = members
                changed[key] = inner
                out.append(.object(changed))
            }
        }
        return out
    }

    @Test func requestsForEveryGoldenIntent() throws {
        for intentJSON in Self.goldens(false) {
            let intent = try JSONValueDecoder().decode(AnyIntent.self, from: intentJSON).intent
            let messages: [any Encodable & Sendable] = [
                OutgoingRequest(id: 7, method: .resolve, params: ResolveParams(intent: intent, parameters: ["recipients"])),
                OutgoingRequest(id: 8, method: .handle, params: IntentParams(intent: intent)),
                OutgoingRequest(id: 9, method: .confirm, params: IntentParams(intent: intent)),
            ]
            for message in messages {
                let reference = try Self.throughText(message)
                let direct = try #require(message as? any JSONTreeEncodable)
                // An intent holding a value the direct form leaves to Codable (a placemark…) is written by Codable.
                let covered = (try? AnyIntent(intent).jsonTree()) != nil
                if covered { #expect(try direct.jsonTree() == reference) }
                #expect(try JSONValueEncoder().encode(message) == reference)
                for value in [reference] + Self.variants(of: reference) {
                    let text = try JSONEncoder().encode(value)
                    let codable = Result { try JSONDecoder().decode(WireRequest.self, from: text) }
                    guard let read = try? WireRequest.fromJSONTree(value) else { continue }
                    #expect(try Self.summary(read) == Self.summary(codable.get()), "\(value)")
                }
                if covered { #expect((try? WireRequest.fromJSONTree(reference)) != nil, "a golden request is read directly") }
            }
        }
    }

    @Test func repliesForEveryGoldenResponse() throws {
        for responseJSON in Self.goldens(true) {
            let response = try JSONValueDecoder().decode(AnyIntentResponse.self, from: responseJSON).response
            let reply = SuccessReply(id: .number(3), result: ResponseResult(response: response))
            let reference = try Self.throughText(reply)
            if let direct = try? reply.jsonTree() { #expect(direct == reference) }
            #expect(try JSONValueEncoder().encode(reply) == reference)
            for value in [reference] + Self.variants(of: reference) {
                let text = try JSONEncoder().encode(value)
                let codable = Result { try JSONDecoder().decode(ReplyResult<ResponseResult>.self, from: text) }
                if let read = try? ReplyResult<ResponseResult>.fromJSONTree(value) {
                    let expected = try codable.get()
                    #expect(try Self.throughText(read.result) == Self.throughText(expected.result), "\(value)")
                }
                let header = Result { try JSONDecoder().decode(IncomingMessage.self, from: text) }
                if let read = try? IncomingMessage.fromJSONTree(value) {
                    let expected = try header.get()
                    #expect("\(read.kind) \(String(describing: read.error))" == "\(expected.kind) \(String(describing: expected.error))")
                }
            }
        }
    }

    @Test func resolveReplies() throws {
        let bobo = INPerson(personHandle: INPersonHandle(value: "bobo@example.com", type: .emailAddress),
                            nameComponents: nil, displayName: "Bobo", image: nil, contactIdentifier: nil,
                            customIdentifier: "b-1")
        let results: [INIntentResolutionResult] = [
            INSendMessageRecipientResolutionResult(personResolutionResult: .disambiguation(with: [bobo, bobo])),
            INSendMessageRecipientResolutionResult.unsupported(forReason: .noAccount),
            INStringResolutionResult.success(with: "send more bananas"),
        ]
        let reply = SuccessReply(id: .string("r-1"), result: ResolveResult(resolutions: [
            ParameterResolution(parameter: "recipients", results: Array(results.prefix(2))),
            ParameterResolution(parameter: "content", results: [results[2]]),
            ParameterResolution(parameter: "speakableGroupName", results: nil),
        ], confirmImplemented: true))
        let reference = try Self.throughText(reply)
        #expect(try reply.jsonTree() == reference)
        for value in [reference] + Self.variants(of: reference) {
            let codable = Result { try JSONDecoder().decode(ReplyResult<ResolveResult>.self, from: JSONEncoder().encode(value)) }
            guard let read = try? ReplyResult<ResolveResult>.fromJSONTree(value) else { continue }
            #expect(try Self.throughText(read.result) == Self.throughText(codable.get().result), "\(value)")
        }
        #expect((try? ReplyResult<ResolveResult>.fromJSONTree(reference)) != nil)
        let error = JSONValue.object(["jsonrpc": .string("2.0"), "id": .number(4),
                                      "error": .object(["code": .number(-32602), "message": .string("bad")])])
        let header = try IncomingMessage.fromJSONTree(error)
        #expect("\(header.kind)" == "reply(id: 4)" && header.error?.message == "bad")
    }
}

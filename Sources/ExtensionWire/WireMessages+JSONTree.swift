import Foundation
import Intents

// The direct JSON form (`JSONTree`, docs/architecture.md › JSON inside the engine) of the messages every
// resolve, confirm and handle call sends and receives: the same trees as their `Codable` code gives, and
// `JSONTree.Unsupported` for anything that code would read otherwise (the caller then takes it).

extension WireRequestID {
    var jsonTree: JSONValue {
        switch self {
        case .number(let number): .number(Double(number))
        case .string(let text): .string(text)
        }
    }

    /// As `init(from:)`: an integer, else a string.
    init(jsonTree value: JSONValue) throws {
        switch value {
        case .number(let number):
            guard let integer = Int(exactly: number) else { throw JSONTree.Unsupported() }
            self = .number(integer)
        case .string(let text): self = .string(text)
        default: throw JSONTree.Unsupported()
        }
    }
}

extension OutgoingRequest: JSONTreeEncodable {
    package func jsonTree() throws -> JSONValue {
        .object(["jsonrpc": .string(jsonrpc), "id": .number(Double(id)), "method": .string(method),
                 "params": try JSONTree.encode(params)])
    }
}

extension SuccessReply: JSONTreeEncodable {
    package func jsonTree() throws -> JSONValue {
        .object(["jsonrpc": .string(jsonrpc), "id": id.jsonTree, "result": try JSONTree.encode(result)])
    }
}

extension ResolveParams: JSONTreeEncodable, JSONTreeDecodable {
    package func jsonTree() throws -> JSONValue {
        .object(["intent": try intent.jsonTree(), "parameters": .array(parameters.map { .string($0) })])
    }

    package static func fromJSONTree(_ value: JSONValue) throws -> ResolveParams {
        let members = try JSONTree.object(value)
        return ResolveParams(intent: try JSONTree.required(AnyIntent.self, members["intent"]).intent,
                             parameters: try JSONTree.required([String].self, members["parameters"]))
    }
}

extension IntentParams: JSONTreeEncodable, JSONTreeDecodable {
    package func jsonTree() throws -> JSONValue {
        .object(["intent": try intent.jsonTree()])
    }

    package static func fromJSONTree(_ value: JSONValue) throws -> IntentParams {
        IntentParams(intent: try JSONTree.required(AnyIntent.self, JSONTree.object(value)["intent"]).intent)
    }
}

extension ResolveResult: JSONTreeEncodable, JSONTreeDecodable {
    package func jsonTree() throws -> JSONValue {
        var members: [String: JSONValue] = ["resolutions": .array(try resolutions.map { try $0.jsonTree() })]
        if let confirmImplemented { members["confirmImplemented"] = .bool(confirmImplemented) }
        return .object(members)
    }

    package static func fromJSONTree(_ value: JSONValue) throws -> ResolveResult {
        let members = try JSONTree.object(value)
        return ResolveResult(resolutions: try JSONTree.required([ParameterResolution].self, members["resolutions"]),
                             confirmImplemented: try JSONTree.optional(Bool.self, members["confirmImplemented"]))
    }
}

extension ParameterResolution: JSONTreeEncodable, JSONTreeDecodable {
    package func jsonTree() throws -> JSONValue {
        .object(["parameter": .string(parameter), "results": try results.map { .array(try $0.map { try $0.jsonTree() }) } ?? .null])
    }

    package static func fromJSONTree(_ value: JSONValue) throws -> ParameterResolution {
        let members = try JSONTree.object(value)
        return ParameterResolution(parameter: try JSONTree.required(String.self, members["parameter"]),
                                   results: try JSONTree.optional([AnyResolutionResult].self, members["results"])?.map(\.result))
    }
}

extension ResponseResult: JSONTreeEncodable, JSONTreeDecodable {
    package func jsonTree() throws -> JSONValue {
        .object(["response": try response?.jsonTree() ?? .null])
    }

    package static func fromJSONTree(_ value: JSONValue) throws -> ResponseResult {
        ResponseResult(response: try JSONTree.optional(AnyIntentResponse.self, JSONTree.object(value)["response"])?.response)
    }
}

extension ReplyResult: JSONTreeDecodable where Result: JSONTreeDecodable {
    package static func fromJSONTree(_ value: JSONValue) throws -> ReplyResult<Result> {
        ReplyResult(result: try JSONTree.required(Result.self, JSONTree.object(value)["result"]))
    }
}

extension WireErrorObject {
    init(jsonTree value: JSONValue) throws {
        let members = try JSONTree.object(value)
        self.init(code: try JSONTree.required(Int.self, members["code"]),
                  message: try JSONTree.required(String.self, members["message"]))
    }
}

extension IncomingMessage: JSONTreeDecodable {
    package static func fromJSONTree(_ value: JSONValue) throws -> IncomingMessage {
        let members = try JSONTree.object(value)
        guard try JSONTree.optional(String.self, members["jsonrpc"]) == "2.0" else { throw JSONTree.Unsupported() }
        let error = try members["error"].flatMap { $0 == .null ? nil : try WireErrorObject(jsonTree: $0) }
        if let method = try JSONTree.optional(String.self, members["method"]) {
            return IncomingMessage(kind: .notification(method: method), error: error)
        }
        if let id = try JSONTree.optional(Int.self, members["id"]) {
            guard error != nil || members["result"] != nil else { throw JSONTree.Unsupported() }
            return IncomingMessage(kind: .reply(id: id), error: error)
        }
        guard let error else { throw JSONTree.Unsupported() }
        return IncomingMessage(kind: .orphanError(error), error: error)
    }
}

extension WireRequest: JSONTreeDecodable {
    /// The calls of every resolve, confirm and handle; the others (initialize, configureView) and any
    /// parameters the direct form does not read take the `Codable` path, which also words the errors.
    package static func fromJSONTree(_ value: JSONValue) throws -> WireRequest {
        let members = try JSONTree.object(value)
        guard try JSONTree.optional(String.self, members["jsonrpc"]) == "2.0" else { throw JSONTree.Unsupported() }
        let id = try members["id"].flatMap { $0 == .null ? nil : try WireRequestID(jsonTree: $0) }
        let method = try JSONTree.required(String.self, members["method"])
        guard let known = WireMethod(rawValue: method) else { return WireRequest(id: id, call: .unknown(method: method)) }
        let params = members["params"]
        let call: Call
        switch known {
        case .resolve: call = .resolve(try JSONTree.required(ResolveParams.self, params))
        case .confirm: call = .confirm(try JSONTree.required(IntentParams.self, params))
        case .handle: call = .handle(try JSONTree.required(IntentParams.self, params))
        case .startUpdates: call = .startUpdates(try JSONTree.required(IntentParams.self, params))
        case .stopUpdates: call = .stopUpdates(try JSONTree.required(IntentParams.self, params))
        case .shutdown: call = .shutdown
        case .progress, .update: call = .unknown(method: method)
        case .initialize, .configureView: throw JSONTree.Unsupported()
        }
        return WireRequest(id: id, call: call)
    }
}

import Foundation

/// Speaks the protocol by hand so it can break it: answers `initialize` correctly, then answers the
/// next request with the misbehaviour named: "garbage" (not JSON), "oversized" (a 2 MiB line),
/// "unknown-id" (a reply to a request never sent, then silence), "wrong-version" (initialize with version 99),
/// and replies that break docs/protocol.md's rules: "eleven-choices", "one-choice", "wrong-result-class",
/// "empty-results", "wrong-parameter" (resolve), "wrong-response-class" (confirm and handle).
enum RawPeer {
    static func run(misbehaviour: String) -> Never {
        while let line = readLine() {
            let id = requestID(in: line)
            if line.contains("\"initialize\"") {
                let version = misbehaviour == "wrong-version" ? 99 : 1
                emit("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"result\":{\"protocolVersion\":\(version),\"intents\":[\"INSendMessageIntent\"]}}")
                continue
            }
            switch misbehaviour {
            case "garbage": emit("this is not JSON at all")
            case "oversized": emit("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"result\":\"" + String(repeating: "x", count: 2 << 20) + "\"}")
            case "unknown-id": emit("{\"jsonrpc\":\"2.0\",\"id\":999999,\"result\":null}")
            case "eleven-choices", "one-choice":
                let count = misbehaviour == "one-choice" ? 1 : 11
                let items = (1...count).map { "{\"displayName\":\"Kiki \($0)\"}" }.joined(separator: ",")
                emit(resolution("{\"result\":\"INSendMessageRecipientResolutionResult\",\"outcome\":\"disambiguation\",\"items\":[\(items)]}", id: id))
            case "wrong-result-class":
                emit(resolution("{\"result\":\"INStringResolutionResult\",\"outcome\":\"success\",\"value\":\"Kiki\"}", id: id))
            case "empty-results":
                emit("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"result\":{\"resolutions\":[{\"parameter\":\"recipients\",\"results\":[]}]}}")
            case "wrong-parameter":
                emit("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"result\":{\"resolutions\":[{\"parameter\":\"content\",\"results\":null}]}}")
            case "wrong-response-class":
                emit("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"result\":{\"response\":{\"response\":\"INSendPaymentIntentResponse\",\"code\":\"success\",\"properties\":{}}}}")
            default: emit("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"error\":{\"code\":-32601,\"message\":\"no such method\"}}")
            }
        }
        exit(0)
    }

    static func resolution(_ result: String, id: String) -> String {
        "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"result\":{\"resolutions\":[{\"parameter\":\"recipients\",\"results\":[\(result)]}]}}"
    }

    static func requestID(in line: String) -> String {
        guard let range = line.range(of: "\"id\":") else { return "null" }
        return String(line[range.upperBound...].prefix { $0.isNumber })
    }

    static func emit(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}

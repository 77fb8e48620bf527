import ExtensionRuntime
import ExtensionWire
import Foundation
import Intents
import IntentsUI
import Synchronization
import TestSupport
import Testing

/// The extension runtime's serve loop, fed lines directly; its replies compared with golden lines.
@Suite struct ExtensionServerTests {
    static func serve(_ requests: [String], viewController: (any INUIHostedViewControlling)? = nil) async -> [String] {
        let output = Mutex<[String]>([])
        let server = ExtensionServer(extension: InProcessMessaging(), viewController: viewController) { line in
            output.withLock { $0.append(String(decoding: line.dropLast(), as: UTF8.self)) }
        }
        let lines = AsyncStream<Data> { continuation in
            for request in requests { continuation.yield(Data(request.utf8)) }
            continuation.finish()
        }
        await server.serve(lines: lines)
        return output.withLock { $0 }
    }

    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1,"client":"test"}}"#

    @Test func goldenExchange() async throws {
        let url = TestFixtures.url("wire/exchange.jsonl")
        let text = try String(contentsOf: url, encoding: .utf8)
        var requests: [String] = []
        var expected: [String] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("> ") { requests.append(String(line.dropFirst(2))) }
            if line.hasPrefix("< ") { expected.append(String(line.dropFirst(2))) }
        }
        // Progress notes come every second a call runs: on a loaded machine a call may take that long.
        let replies = await Self.serve(requests).filter { !$0.contains(#""method":"$/progress""#) }
        #expect(replies == expected)
    }

    /// The progress interval is the assistant's to choose; any value it sends leaves handle working.
    @Test(arguments: [1, 9_007_199_254_740_992])
    func anyProgressIntervalIsTaken(_ milliseconds: Int) async {
        let replies = await Self.serve([
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1,"client":"test","progressIntervalMilliseconds":\#(milliseconds)}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"handle","params":{"intent":{"intent":"INSendMessageIntent","identifier":"i-1","parameters":{"content":"hi"}}}}"#,
        ]).filter { !$0.contains(#""method":"$/progress""#) }
        #expect(replies.count == 2)
        #expect(replies.last?.hasPrefix(#"{"id":2,"jsonrpc":"2.0","result":{"response":"#) == true, "\(replies)")
    }

    @Test func requestsBeforeInitializeAreRefused() async {
        let beforeInit = await Self.serve([
            #"{"jsonrpc":"2.0","id":5,"method":"confirm","params":{"intent":{"intent":"INSendMessageIntent"}}}"#])
        #expect(beforeInit == [#"{"error":{"code":-32002,"message":"the first request must be \"initialize\""},"id":5,"jsonrpc":"2.0"}"#])
    }

    @Test func anotherProtocolVersionIsRefused() async {
        let replies = await Self.serve([#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":2,"client":"x"}}"#])
        #expect(replies == [#"{"error":{"code":-32002,"message":"protocol version 2 is not supported; this extension speaks 1"},"id":1,"jsonrpc":"2.0"}"#])
    }

    @Test func notificationsGetNoReplyAndStringIDsAreEchoed() async {
        let replies = await Self.serve([Self.initialize, #"{"jsonrpc":"2.0","method":"frobnicate"}"#,
                                        #"{"jsonrpc":"2.0","id":"abc","method":"frobnicate"}"#])
        #expect(replies.count == 2)
        #expect(replies.last == #"{"error":{"code":-32601,"message":"method \"frobnicate\" is not part of protocol version 1"},"id":"abc","jsonrpc":"2.0"}"#)
    }
}

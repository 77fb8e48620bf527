@testable import AssistantServer
import Testing

/// The connection guard's reading of HTTP/1.1 framing: it must follow every request a real client sends to its
/// end (or the guard would time out a healthy kept-alive connection) and refuse what cannot be framed.
struct RequestFramingTests {
    static func read(_ pieces: [String], maximumHeadSize: Int = 32 * 1024) throws(RequestFraming.Refusal) -> RequestFraming {
        var framing = RequestFraming(maximumHeadSize: maximumHeadSize)
        for piece in pieces { try framing.read(Array(piece.utf8)) }
        return framing
    }

    @Test("requests with and without bodies, pipelined or byte by byte, end where they end")
    func wholeRequests() throws {
        let get = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let post = "POST /v1/parse HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 13\r\n\r\n{\"text\":\"hi\"}"
        let chunked = "POST /v1/parse HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n"
            + "5;name=value\r\n{\"tex\r\n8\r\nt\":\"hi\"}\r\n0\r\nX-Trailer: 1\r\n\r\n"
        #expect(!(try Self.read([get])).isInRequest)
        #expect(!(try Self.read([post])).isInRequest)
        #expect(!(try Self.read([chunked])).isInRequest)
        #expect(!(try Self.read([get + post + chunked + get])).isInRequest)
        #expect(!(try Self.read((get + post + chunked).map { String($0) })).isInRequest)
        #expect(!(try Self.read(["GET / HTTP/1.0\n\n"])).isInRequest)
        #expect(!(try Self.read(["\r\n" + get])).isInRequest)
        #expect(try Self.read([String(post.dropLast())]).isInRequest)
        #expect(try Self.read([String(chunked.dropLast(2))]).isInRequest)
        #expect(try Self.read(["GET /healthz HTTP/1.1\r\nHost: 127"]).isInRequest)
    }

    @Test("an upgrade waits for the server's answer: 101 hands the bytes over, anything else goes on as HTTP")
    func upgrade() throws {
        let head = "GET /v1/conversations/x/events HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"
        var framing = try Self.read([head])
        #expect(framing.awaitsUpgrade && !framing.isInRequest)
        framing.upgraded()
        try framing.read([0x81, 0x85, 0, 0, 0, 0] + Array("hello".utf8))
        #expect(framing.isUpgraded && !framing.isInRequest)
        var refused = try Self.read([head])
        refused.resume()
        try refused.read(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(!refused.isInRequest && !refused.awaitsUpgrade)
    }

    @Test("framing that cannot be trusted is refused", arguments: [
        "POST / HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 5, 6\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 0x10\r\n\r\n",
        "POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n",
        "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n",
        "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : x\r\n\r\n",
        "GET / HTTP/1.1\r\nno colon\r\n\r\n",
        "GET v1/apps HTTP/1.1\r\n\r\n",
        "GET /\r\n\r\n",
        "GET / HTTP/1.1 extra\r\n\r\n",
        "get / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.2\r\n\r\n",
        "GET / HTTP/2.0\r\n\r\n",
        "BREW / HTTP/1.1\r\n\r\n",
        "GET /a\u{0}b HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nX: a\rb\r\n\r\n",
        "GET / HTTP/1.1\r\nX: a\u{1B}[2J\r\n\r\n",
        "GET / HTTP/1.1\r\nUpgrade: h2c\r\nConnection: Upgrade, HTTP2-Settings\r\n\r\n",
        "GET / HTTP/1.1\r\n" + String(repeating: "X-A: 1\r\n", count: 101) + "\r\n",
    ])
    func refused(_ request: String) {
        #expect(throws: RequestFraming.Refusal.self) { _ = try Self.read([request]) }
    }

    @Test("a head the HTTP decoder would drop unanswered is told why, with its status")
    func undecodableHeads() throws {
        let statuses = [
            "patch /v1/apps HTTP/1.1\r\n\r\n": 400, "PROPFIND / HTTP/1.1\r\n\r\n": 501, "GET / HTTP/1.2\r\n\r\n": 505,
            "GET / HTTP/1.1\r\n" + String(repeating: "X-A: 1\r\n", count: 101) + "\r\n": 431,
        ]
        for (head, status) in statuses {
            let refusal = #expect(throws: RequestFraming.Refusal.self) { _ = try Self.read([head]) }
            #expect(refusal?.status == status, "\(head.prefix(30))")
        }
        // What clients send stays accepted: tabs in values, bytes beyond ASCII, a hundred headers, HTTP/1.0.
        let accepted = ["GET / HTTP/1.1\r\nX: a\tb\r\nY: Zoë\r\n\r\n", "DELETE /v1/conversations/x HTTP/1.0\r\n\r\n",
                        "GET / HTTP/1.1\r\n" + String(repeating: "X-A: 1\r\n", count: 100) + "\r\n",
                        "GET /e HTTP/1.1\r\nUpgrade: WebSocket\r\nConnection: Upgrade\r\n\r\n"]
        for head in accepted { #expect(throws: Never.self) { _ = try Self.read([head]) } }
    }

    @Test("a head larger than the limit is refused before it ends")
    func largeHead() {
        let refusal = #expect(throws: RequestFraming.Refusal.self) {
            _ = try Self.read(["GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 2000)], maximumHeadSize: 1024)
        }
        #expect(refusal?.status == 431)
    }
}

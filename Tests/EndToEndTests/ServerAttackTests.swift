import Foundation
import TestSupport
import Testing

/// The attacks an attack review made on `parlance serve`, kept as tests so each door stays shut
/// (docs/security.md › The server): path spellings that skipped the token, DNS rebinding, other sites, the
/// token in a query, smuggled and oversized heads, half-sent requests and floods of slow connections.
@Suite(.serialized, .waitsBlocking)
struct ServerAttackTests {
    static func home() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("parlance-attack-\(UUID().uuidString)")
    }

    /// The ways one path can be spelled so that a router which splits on "/" (or decodes escapes) may read it as
    /// the plain path. `path` has no query.
    static func spellings(of path: String) -> [String] {
        let segments = path.split(separator: "/").map(String.init)
        let first = segments.first ?? "", rest = segments.dropFirst().joined(separator: "/")
        var variants = [
            "/" + path, path + "/", "/." + path, path + "/.", "/" + first + "/./" + rest, "/" + first + "/x/../" + rest,
            "/" + first + "//" + rest, "/" + first + "%2F" + rest, "/" + first + "%2f" + rest, "%2F" + path.dropFirst(),
            path.uppercased(), String(path.dropFirst()), "/" + first + "/%2E/" + rest, "/" + first + "\\" + rest,
            "http://127.0.0.1" + path, path + "%00", path + ";x", "/" + first + "/%2e%2e/" + first + "/" + rest,
        ]
        if let last = segments.last, let letter = last.first {
            let escaped = String(format: "%%%02X", Int(letter.asciiValue ?? 0x61)) + last.dropFirst()
            variants.append(segments.dropLast().map { "/" + $0 }.joined() + "/" + escaped)
        }
        return variants
    }

    static func request(_ method: String, _ target: String, port: Int, body: String = "{}",
                        headers: [String] = []) -> String {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for header in headers { head += header + "\r\n" }
        if method == "POST" || method == "PUT" {
            head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
        } else {
            head += "\r\n"
        }
        return head
    }

    @Test("no spelling of any route in the OpenAPI file reaches it without the token; a payment stays unmade")
    func everySpellingOfEveryRoute() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home)
        defer { server.stop() }
        let spec = try OpenAPIDocument(yaml: try await server.request("GET", "/openapi.yaml").body)
        let paths = try #require(spec.root["paths"] as? [String: Any])
        let conversation = try await server.startConversation()
        let values = ["{id}": conversation, "{app}": "org.parlance.examples.monkeypay", "{domain}": "payments", "{step}": "handle"]
        let payment = #"{"app":"org.parlance.examples.monkeypay","intent":{"class":"INSendPaymentIntent"},"userConfirmed":true,"# +
            #""permission":"allowed","text":"pay Kiki 42 dollars","app_":"x"}"#
        var tried = 0
        for (template, item) in paths {
            guard !["/healthz", "/readyz"].contains(template), let operations = item as? [String: Any] else { continue }
            var path = template
            for (name, value) in values { path = path.replacingOccurrences(of: name, with: value) }
            for method in operations.keys where ["get", "post", "put", "delete"].contains(method) {
                for target in [path] + Self.spellings(of: path) {
                    let connection = try RawConnection(port: server.port)
                    var headers: [String] = []
                    let socket = template.hasSuffix("/events") || template.hasSuffix("/speech")
                    if socket {
                        headers = ["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Version: 13",
                                   "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="]
                    }
                    let answer = connection.exchange(Self.request(method.uppercased(), target, port: server.port,
                                                                  body: payment, headers: headers))
                    let status = RawConnection.status(of: answer)
                    #expect(status == 400 || status == 401, "\(method.uppercased()) \(target) → \(answer.prefix(200))")
                    // A refused WebSocket upgrade is answered by the upgrade itself: a bare 400, never 101.
                    #expect(answer.contains(#""code":"badPath""#) || answer.contains(#""code":"unauthorized""#)
                                || (socket && answer.hasPrefix("HTTP/1.1 400")),
                            "\(method.uppercased()) \(target) → \(answer.prefix(300))")
                    tried += 1
                }
            }
        }
        #expect(tried > 250)
        let apps = try await server.request("GET", "/v1/apps")
        let monkeyPay = (apps.object["apps"] as? [[String: Any]])?.first { $0["identifier"] as? String == "org.parlance.examples.monkeypay" }
        #expect(monkeyPay?["permission"] as? String == "notDetermined", "\(String(describing: monkeyPay))")
        // MonkeyPay keeps its payments in its ledger; it was never even asked, so there is none.
        #expect(try PaymentCrashTests.monkeyPayPayments(home: home).isEmpty)
    }

    @Test("a web page cannot drive the server: foreign Host (DNS rebinding), other origins and cross-site fetches are refused")
    func otherSites() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home)
        defer { server.stop() }
        let port = server.port
        for host in ["attacker.example", "attacker.example:\(port)", "127.0.0.1.nip.io:\(port)", "localhost.attacker.example",
                     "127.0.0.1:\(port)@attacker.example", "", "127.0.0.1:\(port) attacker"] {
            let reply = try await server.request("POST", "/v1/conversations", json: ["language": "en"],
                                                 headers: ["Host": host, "Origin": "http://\(host)"])
            #expect(reply.status == 421 || reply.status == 400, "Host \(host): \(reply.status) \(reply.text)")
            let page = try await server.request("GET", "/", headers: ["Host": host], authorized: false)
            #expect(page.status != 200, "the page under Host \(host)")
        }
        for good in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "127.0.0.1"] {
            #expect(try await server.request("GET", "/healthz", headers: ["Host": good]).status == 200, "Host \(good)")
        }
        let foreign = try await server.request("POST", "/v1/conversations", json: ["language": "en"],
                                               headers: ["Origin": "http://attacker.example"])
        #expect(foreign.status == 403)
        let crossSite = try await server.request("POST", "/v1/conversations", json: ["language": "en"],
                                                 headers: ["Sec-Fetch-Site": "cross-site"])
        #expect(crossSite.status == 403)
        #expect(try await server.request("POST", "/v1/conversations", json: ["language": "en"],
                                         headers: ["Origin": server.base, "Sec-Fetch-Site": "same-origin"]).status == 201)
        // The token in a query is for the WebSocket upgrade alone.
        let queried = try await server.request("GET", "/v1/apps?token=\(server.token)", authorized: false)
        #expect(queried.status == 401)
        let served = try await server.request("PUT", "/v1/apps/org.parlance.examples.monkeypay/permission?token=\(server.token)",
                                              json: ["permission": "allowed"], authorized: false)
        #expect(served.status == 401)
    }

    @Test("smuggled or oversized heads get a 400 or 431 at once; a half-sent request is answered 408 and closed within 30 s")
    func malformedAndSlowRequests() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home)
        defer { server.stop() }
        let port = server.port
        let clock = ContinuousClock()
        let smuggled = try RawConnection(port: port)
        let started = clock.now
        let both = smuggled.exchange("POST /v1/parse HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(server.token)\r\n"
                                     + "Content-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nG")
        #expect(RawConnection.status(of: both) == 400, "\(both)")
        let twoLengths = try RawConnection(port: port).exchange(
            "POST /v1/parse HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nContent-Length: 7\r\n\r\n{}")
        #expect(RawConnection.status(of: twoLengths) == 400, "\(twoLengths)")
        let gzip = try RawConnection(port: port).exchange(
            "POST /v1/parse HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n")
        #expect(RawConnection.status(of: gzip) == 400, "\(gzip)")
        let huge = try RawConnection(port: port)
        huge.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + String(repeating: "a", count: 1 << 20) + "\r\n\r\n")
        let hugeAnswer = String(decoding: huge.receive(timeout: .seconds(10)).bytes, as: UTF8.self)
        #expect(RawConnection.status(of: hugeAnswer) == 431, "\(hugeAnswer.prefix(200))")
        // Heads the HTTP decoder cannot read are answered at once, not left to the idle close.
        for (head, status) in ["get /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n": 400,
                               "GET /healthz HTTP/1.2\r\nHost: 127.0.0.1\r\n\r\n": 505,
                               "GET /healthz\u{0} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n": 400,
                               "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: h2c\r\n\r\n": 400] {
            let answer = try RawConnection(port: port).exchange(head, timeout: .seconds(5))
            #expect(RawConnection.status(of: answer) == status, "\(head.prefix(30)): \(answer.prefix(200))")
        }
        #expect(clock.now - started < .seconds(10))

        let halfHead = try RawConnection(port: port)
        halfHead.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a")
        let halfBody = try RawConnection(port: port)
        halfBody.send("POST /v1/parse HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(server.token)\r\n"
                      + "Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"text\": \"pay")
        let chunks = try RawConnection(port: port)
        chunks.send("POST /v1/parse HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(server.token)\r\n"
                    + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"tex")
        let silent = try RawConnection(port: port)  // opened, and never a byte sent
        let waiting = clock.now
        for connection in [halfHead, halfBody, chunks, silent] {
            let (bytes, closed) = connection.receive(timeout: .seconds(35) - (clock.now - waiting))
            #expect(closed, "a half-sent request is still open after \(clock.now - waiting)")
            #expect(RawConnection.status(of: String(decoding: bytes, as: UTF8.self)) == 408)
        }
        #expect(clock.now - waiting < .seconds(30))
        #expect(try await server.request("GET", "/healthz").status == 200)
    }

    @Test("2,000 slow connections do not stop /healthz answering within 1 s; one other address gets its share and no more")
    func slowConnectionFlood() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        var files = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        try #require(files.rlim_max >= 3000, "this machine allows \(files.rlim_max) open files")
        if files.rlim_cur < 3000 {
            files.rlim_cur = min(files.rlim_max, 8192)
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        }
        let server = try RunningServer(home: home)
        defer { server.stop() }
        var slow: [RawConnection] = []
        for index in 0..<2000 {
            let connection = try RawConnection(port: server.port)
            connection.send(index.isMultiple(of: 2) ? "GET /healthz HTTP/1.1\r\nHost: 127" : "POST /v1/parse HTTP/1.1\r\n")
            slow.append(connection)
        }
        let clock = ContinuousClock()
        for _ in 0..<5 {
            let started = clock.now
            let answer = try RawConnection(port: server.port).exchange("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                                                                       timeout: .seconds(5))
            #expect(RawConnection.status(of: answer) == 200, "\(answer.prefix(200))")
            #expect(clock.now - started < .seconds(1))
        }
        // Another address of this machine stands for a client elsewhere: it gets 256 connections, then 503s.
        var other: [RawConnection] = []
        var refused = 0
        for _ in 0..<300 {
            let connection = try RawConnection(port: server.port, source: "127.0.0.2")
            connection.send("GET /healthz HTTP/1.1\r\nHost: 127")
            other.append(connection)
        }
        try await Task.sleep(for: .seconds(1))
        for connection in other {  // two event loops admit them, so not always in the order they were opened
            let (bytes, closed) = connection.receive(timeout: .milliseconds(30))
            if closed, RawConnection.status(of: String(decoding: bytes, as: UTF8.self)) == 503 { refused += 1 }
        }
        #expect(refused == 44)
        slow.removeAll()
        other.removeAll()
        #expect(try await server.request("GET", "/healthz").status == 200)
    }
}

/// The Wyoming service has no authentication; what keeps a web page from speaking it is that a browser's request
/// begins with an HTTP request line, and the first line that is not a Wyoming event closes the connection.
@Suite(.serialized, .waitsBlocking)
struct WyomingAttackTests {
    @Test("an HTTP request carrying Wyoming events in its body (a page's cross-protocol POST) is refused at its first line")
    func crossProtocolPost() async throws {
        let home = ServerAttackTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let service = try WyomingService(home: home)
        defer { service.stop() }
        let body = #"{"type":"transcript","data":{"text":"MonkeyPay pay Kiki 42 dollars"}}"# + "\n"
            + #"{"type":"transcript","data":{"text":"yes"}}"# + "\n"
        let connection = try RawConnection(port: service.port)
        connection.send("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        let (bytes, closed) = connection.receive(timeout: .seconds(10))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(closed)
        #expect(text.contains("bad-event"), "\(text)")
        #expect(!text.contains("handled") && !text.contains("Kiki"), "\(text)")
        #expect(try PaymentCrashTests.monkeyPayPayments(home: home).isEmpty)
    }
}

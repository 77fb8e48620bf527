import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// `parlance serve`, the real binary with the sample apps' real (sandboxed) extensions, over loopback
/// HTTP and WebSocket; every response checked against the OpenAPI document the server serves.
@Suite(.serialized, .waitsBlocking)
struct ServerTests {
    static func home() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("parlance-serve-\(UUID().uuidString)")
    }

    /// Checks a reply against the OpenAPI document's declaration and returns it.
    @discardableResult
    static func conforming(_ reply: RunningServer.Reply, _ method: String, _ path: String, to document: OpenAPIDocument,
                           sourceLocation: SourceLocation = #_sourceLocation) -> RunningServer.Reply {
        let problems = document.problems(of: reply.body.isEmpty ? nil : reply.json, method: method, path: path, status: reply.status)
        #expect(problems.isEmpty, "\(method) \(path) \(reply.status): \(problems.joined(separator: "; ")) — \(reply.text)",
                sourceLocation: sourceLocation)
        return reply
    }

    @Test("the seed's MonkeyChat conversation over HTTP, every turn also on the WebSocket, in the documented shapes")
    func seedConversation() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home)
        defer { server.stop() }
        let spec = try OpenAPIDocument(yaml: try await server.request("GET", "/openapi.yaml").body)
        Self.conforming(try await server.request("GET", "/healthz"), "GET", "/healthz", to: spec)

        let created = try await server.request("POST", "/v1/conversations", json: ["language": "en"])
        Self.conforming(created, "POST", "/v1/conversations", to: spec)
        let id = try #require(created.object["id"] as? String)
        let events = try WebSocketTestClient(url: server.socketURL("/v1/conversations/\(id)/events"))

        var answers: [[String: Any]] = []
        // The message's words came from answers: it is read back, and sent after the yes.
        for said in ["send a MonkeyChat message", "yes", "Bobo", "send more bananas", "yes"] {
            let reply = try await server.request("POST", "/v1/conversations/\(id)/turns", json: ["text": said])
            Self.conforming(reply, "POST", "/v1/conversations/{id}/turns", to: spec)
            answers += reply.object["turns"] as? [[String: Any]] ?? []
            // Where the turn's time went, for operators: every phase named, each a number of milliseconds.
            let timing = reply.headers["server-timing"] ?? ""
            let phases = timing.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(phases.map { $0.split(separator: ";").first.map(String.init) } == ["assistant", "app", "store", "lock"], "\(timing)")
            #expect(phases.allSatisfy { Double($0.split(separator: "=").last ?? "") != nil }, "\(timing)")
        }
        #expect(answers.map { $0["step"] as? String }
                    == ["permission", "value:recipients", "value:content", "confirmIntent", "handled"], "\(answers)")
        let last = try #require(answers.last)
        #expect(last["intent"] as? String == "INSendMessageIntent")
        let parameters = last["parameters"] as? [String: Any]
        #expect(parameters?["content"] as? String == "send more bananas")
        #expect(((parameters?["recipients"] as? [[String: Any]])?.first?["displayName"] as? String) == "Bobo")
        #expect(answers.map { $0["seq"] as? Int } == [1, 2, 3, 4, 5])

        // The WebSocket heard the same turns, in order.
        var heard: [[String: Any]] = []
        while heard.count < 5, let message = try events.receive() {
            heard.append(try #require(try JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any]))
        }
        #expect(heard.map { $0["seq"] as? Int } == [1, 2, 3, 4, 5])
        #expect(heard.map { $0["step"] as? String } == answers.map { $0["step"] as? String })

        // A late listener catches up from a number on.
        let late = try WebSocketTestClient(url: server.socketURL("/v1/conversations/\(id)/events?after=2"))
        let caughtUp = try #require(try late.receive())
        #expect(caughtUp.contains("\"seq\":3"))

        let shown = Self.conforming(try await server.request("GET", "/v1/conversations/\(id)"), "GET", "/v1/conversations/{id}", to: spec)
        #expect((shown.object["turns"] as? [Any])?.count == 5)
        #expect(shown.object["nextSeq"] as? Int == 6)

        // The seed's one-sentence form, in French, in another conversation.
        let french = try await server.startConversation(language: "fr")
        let sent = try await server.say("MonkeyChat Bobo s'il vous plaît envoyer plus de bananes", in: french)
        #expect(sent.last?["step"] as? String == "handled", "\(sent)")
        #expect((sent.last?["parameters"] as? [String: Any])?["content"] as? String == "s'il vous plaît envoyer plus de bananes")

        // Ending the conversation closes its sockets and forgets it.
        Self.conforming(try await server.request("DELETE", "/v1/conversations/\(id)"), "DELETE", "/v1/conversations/{id}", to: spec)
        #expect(try events.receive() == nil)
        Self.conforming(try await server.request("GET", "/v1/conversations/\(id)"), "GET", "/v1/conversations/{id}", to: spec)
        #expect(try await server.request("GET", "/v1/conversations/\(id)").status == 404)
    }

    @Test("bad input gets a documented 4xx with a clear message, never a crash")
    func badInput() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home)
        defer { server.stop() }
        let spec = try OpenAPIDocument(yaml: try await server.request("GET", "/openapi.yaml").body)
        let id = try await server.startConversation()
        let turns = "/v1/conversations/\(id)/turns"
        let cases: [(raw: Data, status: Int, code: String)] = [
            (Data("{not json".utf8), 400, "invalidJSON"),
            (Data([0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D]), 400, "invalidUTF8"),
            (Data(#"{"text": 42}"#.utf8), 422, "wrongType"),
            (Data(#"{"words": "hi"}"#.utf8), 422, "missingField"),
            (Data(#"{"text": "   "}"#.utf8), 422, "emptyText"),
            (Data(#"["text"]"#.utf8), 422, "wrongType"),
            (Data(("{\"text\": \"" + String(repeating: "a", count: 2_001) + "\"}").utf8), 422, "textTooLong"),
            (Data(("{\"text\": \"" + String(repeating: "a", count: 70_000) + "\"}").utf8), 413, "tooLarge"),
        ]
        for item in cases {
            let reply = try await server.request("POST", turns, raw: item.raw)
            #expect(reply.status == item.status, "\(reply.text)")
            #expect((reply.object["error"] as? [String: Any])?["code"] as? String == item.code, "\(reply.text)")
            Self.conforming(reply, "POST", "/v1/conversations/{id}/turns", to: spec)
        }
        let plain = try await server.request("POST", turns, raw: Data("hello".utf8), headers: ["Content-Type": "text/plain"])
        #expect(plain.status == 415)
        Self.conforming(plain, "POST", "/v1/conversations/{id}/turns", to: spec)

        let unknown = UUID().uuidString.lowercased()
        Self.conforming(try await server.request("POST", "/v1/conversations/\(unknown)/turns", json: ["text": "hi"]),
                        "POST", "/v1/conversations/{id}/turns", to: spec)
        #expect(try await server.request("GET", "/v1/conversations/not-an-id").status == 404)
        let nowhere = try await server.request("GET", "/v1/nowhere")
        #expect(nowhere.status == 404)
        #expect((nowhere.object["error"] as? [String: Any])?["code"] as? String == "notFound")
        let language = try await server.request("POST", "/v1/conversations", json: ["language": "tlh"])
        #expect(language.status == 422)
        Self.conforming(language, "POST", "/v1/conversations", to: spec)
        let mode = try await server.request("POST", "/v1/conversations", json: ["mode": "loud"])
        #expect(mode.status == 422)
        let control = try await server.request("POST", "/v1/parse", json: ["text": "send \u{1B}[2J a message"])
        #expect(control.status == 422)
        Self.conforming(control, "POST", "/v1/parse", to: spec)

        // Another site's page cannot drive a conversation.
        let foreign = try await server.request("POST", turns, json: ["text": "hi"], headers: ["Origin": "http://evil.example"])
        #expect(foreign.status == 403)
        let own = try await server.request("POST", turns, json: ["text": "what can you do?"], headers: ["Origin": server.base])
        #expect(own.status == 200)
        #expect(own.headers["access-control-allow-origin"] == nil)
        #expect(server.isRunning)
    }

    @Test("parse, apps, permissions and preferences answer as documented")
    func understandingAndApps() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home)
        defer { server.stop() }
        let spec = try OpenAPIDocument(yaml: try await server.request("GET", "/openapi.yaml").body)

        let parsed = Self.conforming(try await server.request("POST", "/v1/parse", json: ["text": "MonkeyChat Bobo send more bananas"]),
                                     "POST", "/v1/parse", to: spec)
        #expect(parsed.object["intent"] as? String == "INSendMessageIntent")
        let declined = Self.conforming(try await server.request("POST", "/v1/parse", json: ["text": "stop the alarm"]),
                                       "POST", "/v1/parse", to: spec)
        #expect(declined.object["intent"] is NSNull)

        let apps = Self.conforming(try await server.request("GET", "/v1/apps?language=fr"), "GET", "/v1/apps", to: spec)
        let listed = apps.object["apps"] as? [[String: Any]] ?? []
        #expect(listed.count == 8)
        let chat = try #require(listed.first { $0["identifier"] as? String == "org.parlance.examples.monkeychat" })
        let phrases = (chat["examples"] as? [[String: Any]])?.flatMap { $0["phrases"] as? [String] ?? [] } ?? []
        #expect(phrases.contains("Envoie un message MonkeyChat à Bobo"))

        let denied = try await server.request("PUT", "/v1/apps/org.parlance.examples.monkeypay/permission", json: ["permission": "denied"])
        Self.conforming(denied, "PUT", "/v1/apps/{app}/permission", to: spec)
        #expect(denied.object["permission"] as? String == "denied")
        let refused = try await server.say("pay Bobo 5 dollars with MonkeyPay", in: try await server.startConversation())
        #expect(refused.last?["step"] as? String == "permissionDenied", "\(refused)")
        let missing = try await server.request("PUT", "/v1/apps/org.example.nothing/permission", json: ["permission": "allowed"])
        Self.conforming(missing, "PUT", "/v1/apps/{app}/permission", to: spec)
        #expect(missing.status == 404)
        let wrong = try await server.request("PUT", "/v1/apps/org.parlance.examples.monkeypay/permission", json: ["permission": "maybe"])
        #expect(wrong.status == 422)

        let preferred = try await server.request("PUT", "/v1/preferences/rides", json: ["app": "org.parlance.examples.monkeyride"])
        Self.conforming(preferred, "PUT", "/v1/preferences/{domain}", to: spec)
        #expect(preferred.object["rides"] as? String == "org.parlance.examples.monkeyride")
        let mismatch = try await server.request("PUT", "/v1/preferences/rides", json: ["app": "org.parlance.examples.monkeychat"])
        #expect(mismatch.status == 422)
        #expect(try await server.request("PUT", "/v1/preferences/weather", json: ["app": "x"]).status == 404)
        Self.conforming(try await server.request("DELETE", "/v1/preferences/rides"), "DELETE", "/v1/preferences/{domain}", to: spec)
        let after = Self.conforming(try await server.request("GET", "/v1/preferences"), "GET", "/v1/preferences", to: spec)
        #expect(after.object.isEmpty)
    }

    @Test("every API request needs the token, on loopback too: the home's own token, or --token-file's")
    func accessToken() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        do {
            let server = try RunningServer(home: home)
            defer { server.stop() }
            #expect(server.token.count == 64)
            #expect(server.output.contains("#token=\(server.token)"), "\(server.output)")
            let attributes = try FileManager.default.attributesOfItem(atPath: home.appendingPathComponent("server-token").path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            #expect(try await server.request("GET", "/v1/apps", authorized: false).status == 401)
            #expect(try await server.request("GET", "/v1/apps").status == 200)
        }
        let again = try RunningServer(home: home)  // the same token after a restart
        #expect(again.token == (try String(contentsOf: home.appendingPathComponent("server-token"), encoding: .utf8))
            .trimmingCharacters(in: .whitespacesAndNewlines))
        again.stop()

        let tokenFile = home.appendingPathComponent("token")
        let token = "correct-horse-battery-staple-42"
        try Data((token + "\n").utf8).write(to: tokenFile)
        let server = try RunningServer(home: home, arguments: ["--token-file", tokenFile.path], token: token)
        defer { server.stop() }
        let spec = try OpenAPIDocument(yaml: try await server.request("GET", "/openapi.yaml").body)
        let without = try await server.request("GET", "/v1/apps", authorized: false)
        #expect(without.status == 401)
        #expect(without.headers["www-authenticate"] == "Bearer")
        Self.conforming(without, "GET", "/v1/apps", to: spec)
        let wrong = try await server.request("GET", "/v1/apps", headers: ["Authorization": "Bearer nope"], authorized: false)
        #expect(wrong.status == 401)
        #expect(try await server.request("GET", "/v1/apps").status == 200)
        #expect(try await server.request("GET", "/", authorized: false).status == 200)  // the page asks for the token
        // The query's token is for the WebSocket alone, which a browser cannot give headers.
        #expect(try await server.request("GET", "/v1/apps?token=\(token)", authorized: false).status == 401)
        let id = try await server.startConversation()
        #expect(throws: WebSocketTestClient.Failure.self) {
            _ = try WebSocketTestClient(url: server.socketURL("/v1/conversations/\(id)/events", authorized: false))
        }
        _ = try WebSocketTestClient(url: server.socketURL("/v1/conversations/\(id)/events"))
    }

    @Test("SIGTERM stops the server gracefully: it exits 0, its extensions end with it, and conversations go on after a restart")
    func gracefulShutdown() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home)
        let id = try await server.startConversation()
        // An idle conversation (nothing asked, nothing pending) is kept too, in its language; a deleted one is not.
        let idle = try await server.startConversation(language: "de")
        let deleted = try await server.startConversation()
        #expect(try await server.request("DELETE", "/v1/conversations/\(deleted)").status == 204)
        _ = try await server.request("PUT", "/v1/apps/org.parlance.examples.monkeychat/permission", json: ["permission": "allowed"])
        let answer = try await server.say("MonkeyChat Bobo see you at the big tree", in: id)
        #expect(answer.last?["step"] as? String == "handled", "\(answer)")
        let records = home.appendingPathComponent("run/extensions")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: records.path)) ?? []).count >= 1)
        // A conversation waiting for an answer when the server stops goes on after it starts again.
        let waiting = try await server.say("send a MonkeyChat message", in: id)
        #expect(waiting.last?["step"] as? String == "value:recipients", "\(waiting)")
        #expect(server.stop() == 0, "\(server.output)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: records.path)) ?? []).isEmpty,
                "extensions still recorded as running after the server stopped")

        let again = try RunningServer(home: home)
        defer { again.stop() }
        let resumed = try await again.request("GET", "/v1/conversations/\(id)")
        #expect(resumed.status == 200, "\(resumed.text)")
        let asked = (resumed.object["turns"] as? [[String: Any]])?.last
        #expect(asked?["step"] as? String == "value:recipients", "\(resumed.text)")
        #expect(try await again.say("Bobo", in: id).last?["step"] as? String == "value:content")
        let done = try await again.say("see you later", in: id)
        #expect((done.last?["parameters"] as? [String: Any])?["content"] as? String == "see you later", "\(done)")

        let kept = try await again.request("GET", "/v1/conversations/\(idle)")
        #expect(kept.status == 200, "\(kept.text)")
        #expect(kept.object["language"] as? String == "de", "\(kept.text)")
        #expect(try await again.say("Was kannst du?", in: idle).isEmpty == false)
        #expect(try await again.request("GET", "/v1/conversations/\(deleted)").status == 404)
    }

    @Test("a conversation nobody uses is forgotten after --forget-conversations-after, also over a restart; one in use is kept")
    func unusedConversationsForgotten() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        // 0.0001 days is 8.6 s: unused conversations are looked for every 2.2 s.
        let server = try RunningServer(home: home, arguments: ["--forget-conversations-after", "0.0001"])
        let unused = try await server.startConversation()
        let waiting = try await server.startConversation()
        let used = try await server.startConversation()
        _ = try await server.request("PUT", "/v1/apps/org.parlance.examples.monkeychat/permission", json: ["permission": "allowed"])
        #expect(try await server.say("send a MonkeyChat message", in: waiting).last?["step"] as? String == "value:recipients")
        // Looked at, never answered: its question is kept, in memory and in the store.
        #expect(try await server.say("send a MonkeyChat message", in: used).last?["step"] as? String == "value:recipients")
        for _ in 0..<14 {
            #expect(try await server.request("GET", "/v1/conversations/\(used)").status == 200)
            try await Task.sleep(for: .seconds(1))
        }
        let looked = try await server.request("GET", "/v1/conversations/\(used)")
        #expect((looked.object["turns"] as? [[String: Any]])?.last?["step"] as? String == "value:recipients", "\(looked.text)")
        #expect(try await server.request("GET", "/v1/conversations/\(unused)").status == 404)
        #expect(try await server.request("GET", "/v1/conversations/\(waiting)").status == 404, "a question left unanswered")
        #expect(server.stop() == 0, "\(server.output)")

        // The store forgot them too: a restart knows only the one in use.
        let again = try RunningServer(home: home, arguments: ["--forget-conversations-after", "0"])
        defer { again.stop() }
        let resumed = try await again.request("GET", "/v1/conversations/\(used)")
        #expect(resumed.status == 200)
        #expect((resumed.object["turns"] as? [[String: Any]])?.last?["step"] as? String == "value:recipients", "\(resumed.text)")
        #expect(try await again.request("GET", "/v1/conversations/\(unused)").status == 404)
        #expect(try await again.request("GET", "/v1/conversations/\(waiting)").status == 404)
        let runner = CommandRunner()
        defer { runner.remove() }
        let refused = try runner.run(["serve", "--port", "0", "--forget-conversations-after", "0.00001"])
        #expect(refused.status == 1 && refused.stderr.contains("--forget-conversations-after"), "\(refused.stderr)")
    }

    @Test("one turn at a time: a turn sent while an app works gets 409; the waiting turn reaches the WebSocket")
    func oneTurnAtATime() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let bundles = try BundleFixture()
        defer { bundles.remove() }
        let app = try bundles.chatterbox()
        try bundles.useTestExtension(in: app, arguments: "sleepy handle")  // handle takes 1.3 s, saying nothing
        let runner = CommandRunner(home: home)
        #expect(try runner.run(["apps", "install", app.path]).status == 0)
        #expect(try runner.run(["apps", "allow", "com.example.chatterbox"]).status == 0)
        let server = try RunningServer(home: home)
        defer { server.stop() }
        let id = try await server.startConversation()
        let events = try WebSocketTestClient(url: server.socketURL("/v1/conversations/\(id)/events"))
        async let first = server.request("POST", "/v1/conversations/\(id)/turns", json: ["text": "tell Kiki on Chatterbox that I am late"])
        try await Task.sleep(for: .milliseconds(600))
        let second = try await server.request("POST", "/v1/conversations/\(id)/turns", json: ["text": "what can you do?"])
        #expect(second.status == 409, "\(second.text)")
        #expect((second.object["error"] as? [String: Any])?["code"] as? String == "conflict")
        let answered = try await first
        #expect(answered.status == 200, "\(answered.text)")
        #expect(answered.headers["server-timing"]?.contains("app;dur=") == true)
        var steps: [String] = []
        while steps.last != "handled", let message = try events.receive() {
            let turn = try #require(try JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any])
            steps.append(turn["kind"] as? String == "progress" ? "progress" : turn["step"] as? String ?? "?")
        }
        #expect(steps.contains("progress"), "no waiting turn: \(steps)")
        #expect(steps.last == "handled", "\(steps)")
    }
}

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// `parlance serve` as an operator runs it: `/metrics` after real turns, `/readyz`, request ids in answers and
/// log lines, and the drain on SIGTERM — the real binary, real extensions, loopback.
@Suite(.serialized, .waitsBlocking)
struct ServerOperationsTests {
    static func home() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("parlance-ops-\(UUID().uuidString)")
    }

    /// The exposition's samples: "name{labels}" → value.
    static func samples(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = value
        }
        return samples
    }

    /// The value of the one sample of `name` whose labels include every one of `labels` (`key="value"`).
    static func value(_ samples: [String: Double], _ name: String, _ labels: [String] = []) -> Double? {
        let matching = samples.filter { key, _ in
            (key == name || key.hasPrefix(name + "{")) && labels.allSatisfy { key.contains($0) }
        }
        return matching.count == 1 ? matching.first?.value : nil
    }

    /// A GET of /metrics with `token`.
    static func scrape(_ server: RunningServer, token: String?) async throws -> RunningServer.Reply {
        try await server.request("GET", "/metrics", headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:],
                                 authorized: false)
    }

    @Test("/metrics counts a conversation's turns, its extension calls, store operations and HTTP requests; only the metrics token reads it")
    func metricsAfterConversation() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let metricsToken = "scraper-" + UUID().uuidString.lowercased()
        let tokenFile = home.appendingPathComponent("metrics-token")
        try (metricsToken + "\n").write(to: tokenFile, atomically: true, encoding: .utf8)
        let server = try RunningServer(home: home, arguments: ["--metrics-token-file", tokenFile.path])
        defer { server.stop() }
        let id = try await server.startConversation()
        _ = try await server.request("PUT", "/v1/apps/org.parlance.examples.monkeychat/permission", json: ["permission": "allowed"])
        let handled = try await server.say("MonkeyChat Bobo see you at the big tree", in: id)
        #expect(handled.last?["step"] as? String == "handled", "\(handled)")
        let asked = try await server.say("send a MonkeyChat message", in: id)
        #expect(asked.last?["kind"] as? String == "question", "\(asked)")

        let reply = try await Self.scrape(server, token: metricsToken)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        let samples = Self.samples(reply.text)
        #expect(Self.value(samples, "parlance_turns_total", [#"outcome="question""#]) == 1, "\(reply.text)")
        #expect(Self.value(samples, "parlance_turns_total", [#"outcome="result""#]) == 1, "\(reply.text)")
        #expect(Self.value(samples, "parlance_turn_duration_seconds_count", [#"outcome="result""#]) == 1)
        #expect((Self.value(samples, "parlance_assistant_turns_total", [#"kind="result""#]) ?? 0) >= 1)
        #expect((Self.value(samples, "parlance_extension_call_duration_seconds_count",
                            [#"app="org.parlance.examples.monkeychat""#, #"call="handle""#]) ?? 0) == 1, "\(reply.text)")
        #expect((Self.value(samples, "parlance_store_operation_duration_seconds_count",
                            [#"operation="saveConversationState""#]) ?? 0) >= 1)
        #expect(Self.value(samples, "parlance_http_requests_total",
                           [#"route="/v1/conversations/{id}/turns""#, #"method="POST""#, #"status="200""#]) == 2, "\(reply.text)")
        #expect(Self.value(samples, "parlance_open_conversations") == 1)
        #expect(Self.value(samples, "parlance_draining") == 0)
        // Nothing of the user's: no conversation id, no words, no raw path.
        #expect(!reply.text.contains(id) && !reply.text.contains("Bobo") && !reply.text.contains("big tree"))

        // Only the metrics token: not the access token, not none, and it opens nothing else.
        #expect(try await Self.scrape(server, token: server.token).status == 401)
        #expect(try await Self.scrape(server, token: nil).status == 401)
        let elsewhere = try await server.request("GET", "/v1/apps", headers: ["Authorization": "Bearer \(metricsToken)"],
                                                 authorized: false)
        #expect(elsewhere.status == 401)
        // Refused requests are counted under their route's template, never their raw path.
        let again = Self.samples(try await Self.scrape(server, token: metricsToken).text)
        #expect(Self.value(again, "parlance_http_requests_total", [#"route="/metrics""#, #"status="401""#]) == 2)
        #expect(Self.value(again, "parlance_http_requests_total", [#"route="/v1/apps""#, #"status="401""#]) == 1)
    }

    @Test("without --metrics-token-file, /metrics takes the server's access token")
    func metricsWithAccessToken() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home)
        defer { server.stop() }
        let reply = try await Self.scrape(server, token: server.token)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.text.contains("parlance_open_conversations 0"), "\(reply.text)")
        #expect(try await Self.scrape(server, token: "not-the-token-at-all").status == 401)
    }

    @Test("/readyz is 200 while the store and extensions work, 503 with a reason when the home is removed; /healthz stays 200")
    func readinessWhenTheStoreGoes() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home)
        defer { server.stop() }
        let ready = try await server.request("GET", "/readyz", authorized: false)
        #expect(ready.status == 200, "\(ready.text)")
        #expect(ready.object["status"] as? String == "ready")
        #expect(ready.object["checks"] as? [String: String] == ["drain": "ok", "store": "ok", "extensions": "ok"])

        try FileManager.default.removeItem(at: home)
        let gone = try await server.request("GET", "/readyz", authorized: false)
        #expect(gone.status == 503, "\(gone.text)")
        #expect(gone.object["status"] as? String == "unavailable")
        #expect((gone.object["checks"] as? [String: String])?["store"] == "failing", "\(gone.text)")
        let reason = gone.object["reason"] as? String ?? ""
        #expect(reason.contains("home") && !reason.contains(home.path), "\(reason)")
        #expect(try await server.request("GET", "/healthz", authorized: false).status == 200)
    }

    @Test("X-Request-ID: a sane one comes back and is in the log lines of its turn and extension calls; others are replaced")
    func requestIdentifiers() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let bundles = try BundleFixture()
        defer { bundles.remove() }
        let app = try bundles.chatterbox()
        try bundles.useTestExtension(in: app, arguments: "crash handle")
        let runner = CommandRunner(home: home)
        #expect(try runner.run(["apps", "install", app.path]).status == 0)
        #expect(try runner.run(["apps", "allow", "com.example.chatterbox"]).status == 0)
        let server = try RunningServer(home: home)
        defer { server.stop() }

        let mine = try await server.request("GET", "/healthz", headers: ["X-Request-ID": "probe-1.a:b@c_d"], authorized: false)
        #expect(mine.headers["x-request-id"] == "probe-1.a:b@c_d")
        for bad in [String(repeating: "x", count: 65), "two words", "quote\"d", "ümlaut"] {
            let replaced = try await server.request("GET", "/healthz", headers: ["X-Request-ID": bad], authorized: false)
            let given = replaced.headers["x-request-id"] ?? ""
            #expect(given.count == 32 && given != bad, "\(bad) → \(given)")
        }
        let made = try await server.request("GET", "/v1/apps").headers["x-request-id"] ?? ""
        let madeAgain = try await server.request("GET", "/v1/apps").headers["x-request-id"] ?? ""
        #expect(made.count == 32 && madeAgain.count == 32 && made != madeAgain)
        // Refusals carry it too.
        #expect(try await server.request("GET", "/v1/apps", authorized: false).headers["x-request-id"]?.count == 32)

        let id = try await server.startConversation()
        let turn = try await server.request("POST", "/v1/conversations/\(id)/turns",
                                            json: ["text": "tell Kiki on Chatterbox that I am late"],
                                            headers: ["X-Request-ID": "turn-crash-42"])
        #expect(turn.status == 200, "\(turn.text)")
        #expect(turn.headers["x-request-id"] == "turn-crash-42")
        let lines = server.output.split(separator: "\n").filter { $0.contains("request-id=turn-crash-42") }
        #expect(lines.contains { $0.contains("parlance.server.turns") && $0.contains("turn answered") }, "\(server.output)")
        #expect(lines.contains { $0.contains("parlance.hosting") }, "no extension line with the request id: \(server.output)")

        let samples = Self.samples(try await Self.scrape(server, token: server.token).text)
        #expect(Self.value(samples, "parlance_extension_call_failures_total",
                           [#"app="com.example.chatterbox""#, #"call="handle""#]) == 1)
    }

    @Test("SIGTERM during a slow turn: /readyz is 503 at once, new work 503 draining, the turn is answered, then exit 0")
    func drainOnSigterm() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let bundles = try BundleFixture()
        defer { bundles.remove() }
        let app = try bundles.chatterbox()
        // Handle waits at a gate in the app's data folder: SIGTERM comes while it is surely in the middle of the turn.
        try bundles.useTestExtension(in: app, arguments: "gated-handle \"$PARLANCE_APP_DATA\"")
        let gate = home.appendingPathComponent("app-data/com.example.chatterbox")
        let runner = CommandRunner(home: home)
        #expect(try runner.run(["apps", "install", app.path]).status == 0)
        #expect(try runner.run(["apps", "allow", "com.example.chatterbox"]).status == 0)
        let server = try RunningServer(home: home)
        defer { server.stop() }
        let id = try await server.startConversation()
        // The first turn passes the gate at once (its extension started), so the slow part below is the handle alone.
        try FileManager.default.createDirectory(at: gate, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: gate.appendingPathComponent("go").path, contents: Data()))
        _ = try await server.say("tell Kiki on Chatterbox that I am early", in: id)
        try FileManager.default.removeItem(at: gate.appendingPathComponent("go"))
        try? FileManager.default.removeItem(at: gate.appendingPathComponent("handling"))

        async let slow = server.request("POST", "/v1/conversations/\(id)/turns", json: ["text": "tell Kiki on Chatterbox that I am late"])
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while !FileManager.default.fileExists(atPath: gate.appendingPathComponent("handling").path), clock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(FileManager.default.fileExists(atPath: gate.appendingPathComponent("handling").path))
        #expect((Self.value(Self.samples(try await Self.scrape(server, token: server.token).text), "parlance_turns_in_flight") ?? 0) >= 1)
        kill(server.processIdentifier, SIGTERM)
        try await Task.sleep(for: .milliseconds(100))
        let readiness = try await server.request("GET", "/readyz", authorized: false)
        #expect(readiness.status == 503, "\(readiness.text)")
        #expect((readiness.object["checks"] as? [String: String])?["drain"] == "draining", "\(readiness.text)")
        let refused = try await server.request("POST", "/v1/conversations", json: ["language": "en"])
        #expect(refused.status == 503, "\(refused.text)")
        #expect((refused.object["error"] as? [String: Any])?["code"] as? String == "draining")
        #expect(refused.headers["retry-after"] != nil)

        #expect(FileManager.default.createFile(atPath: gate.appendingPathComponent("go").path, contents: Data()))
        let answered = try await slow
        #expect(answered.status == 200, "\(answered.text)")
        #expect(((answered.object["turns"] as? [[String: Any]])?.last)?["step"] as? String == "handled", "\(answered.text)")
        let end = clock.now + .seconds(30)
        while server.isRunning, clock.now < end { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!server.isRunning)
        #expect(server.stop() == 0, "\(server.output)")
        #expect(server.output.contains("draining"), "\(server.output)")
    }
}

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// Two users of one home on one `parlance serve` (the real binary), with device tokens from `parlance users`:
/// neither can read, continue, delete or listen to the other's conversation (a guessed id is 404, as for no
/// conversation), nor change the other's permissions or preferences; the owner's own token is one more user;
/// a revoked token is refused at once.
@Suite(.serialized, .waitsBlocking)
struct UserIsolationTests {
    /// One user's client of the server.
    struct Client {
        let server: RunningServer
        let token: String

        func request(_ method: String, _ path: String, json: Any? = nil) async throws -> RunningServer.Reply {
            try await server.request(method, path, json: json, headers: ["Authorization": "Bearer \(token)"], authorized: false)
        }

        func say(_ text: String, in id: String) async throws -> [[String: Any]] {
            let reply = try await request("POST", "/v1/conversations/\(id)/turns", json: ["text": text])
            #expect(reply.status == 200, "\(reply.text)")
            return reply.object["turns"] as? [[String: Any]] ?? []
        }

        func socket(_ path: String) throws -> WebSocketTestClient {
            try WebSocketTestClient(url: "ws://127.0.0.1:\(server.port)\(path)?token=\(token)")
        }

        func permission(of app: String) async throws -> String? {
            let apps = try await request("GET", "/v1/apps").object["apps"] as? [[String: Any]] ?? []
            return apps.first { $0["identifier"] as? String == app }?["permission"] as? String
        }
    }

    static let chat = "org.parlance.examples.monkeychat"

    @Test("no user reaches another's conversation, permission or preference through any route")
    func twoUsersOnOneServer() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-users-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let cli = CommandRunner(home: home)
        for name in ["ada", "bob"] { #expect(try cli.run(["users", "add", name]).status == 0) }
        let adaToken = try cli.run(["users", "token", "ada", "--device", "phone"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let bobToken = try cli.run(["users", "token", "bob", "--device", "laptop"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(adaToken.count == 64 && bobToken.count == 64)
        let server = try RunningServer(home: home)
        defer { server.stop() }
        let ada = Client(server: server, token: adaToken), bob = Client(server: server, token: bobToken)
        let owner = Client(server: server, token: server.token)

        // Ada allows MonkeyChat in her conversation; the decision is hers only.
        let created = try await ada.request("POST", "/v1/conversations", json: ["language": "en"])
        #expect(created.status == 201)
        let id = try #require(created.object["id"] as? String)
        let asked = try await ada.say("send a MonkeyChat message to Bobo", in: id)
        #expect(asked.last?["step"] as? String == "permission", "\(asked)")
        _ = try await ada.say("yes", in: id)
        #expect(try await ada.permission(of: Self.chat) == "allowed")
        #expect(try await bob.permission(of: Self.chat) == "notDetermined")
        #expect(try await owner.permission(of: Self.chat) == "notDetermined")

        // Her conversation does not exist for anyone else, whatever the route.
        for other in [bob, owner] {
            #expect(try await other.request("GET", "/v1/conversations/\(id)").status == 404)
            #expect(try await other.request("POST", "/v1/conversations/\(id)/turns", json: ["text": "yes"]).status == 404)
            #expect(try await other.request("DELETE", "/v1/conversations/\(id)").status == 404)
            for path in ["/v1/conversations/\(id)/events", "/v1/conversations/\(id)/speech"] {
                #expect(throws: WebSocketTestClient.Failure.self) { _ = try other.socket(path) }
            }
        }
        let events = try ada.socket("/v1/conversations/\(id)/events")
        defer { events.disconnect() }
        let shown = try await ada.request("GET", "/v1/conversations/\(id)")
        #expect(shown.status == 200 && ((shown.object["turns"] as? [Any])?.count ?? 0) >= 2, "still hers, untouched: \(shown.text)")

        // Bob's choices change nothing of Ada's.
        let denied = try await bob.request("PUT", "/v1/apps/\(Self.chat)/permission", json: ["permission": "denied"])
        #expect(denied.status == 200)
        #expect(try await ada.permission(of: Self.chat) == "allowed")
        #expect(try await bob.request("PUT", "/v1/preferences/messaging", json: ["app": Self.chat]).status == 200)
        #expect(try await ada.request("GET", "/v1/preferences").object.isEmpty)
        #expect(try await bob.request("GET", "/v1/preferences").object["messaging"] as? String == Self.chat)

        // Bob's own conversation asks him (his decision was denied), Ada's goes on.
        let his = try #require(try await bob.request("POST", "/v1/conversations", json: ["language": "en"]).object["id"] as? String)
        let refused = try await bob.say("send a MonkeyChat message to Kiki saying hi", in: his)
        #expect(refused.contains { $0["step"] as? String == "permissionDenied" } || refused.last?["step"] as? String != "handled",
                "\(refused)")
        #expect(try await ada.request("GET", "/v1/conversations/\(his)").status == 404)

        // A revoked token is refused at once, on a running server; the other user's is not.
        #expect(try cli.run(["users", "revoke", "ada", "--device", "phone"]).status == 0)
        #expect(try await ada.request("GET", "/v1/apps").status == 401)
        #expect(try await ada.request("GET", "/v1/conversations/\(id)").status == 401)
        #expect(throws: WebSocketTestClient.Failure.self) { _ = try ada.socket("/v1/conversations/\(id)/events") }
        #expect(try await bob.request("GET", "/v1/apps").status == 200)
        let adaAgain = Client(server: server, token: try cli.run(["users", "token", "ada", "--device", "phone"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(try await adaAgain.request("GET", "/v1/conversations/\(id)").status == 200, "a new token is still Ada")
    }
}

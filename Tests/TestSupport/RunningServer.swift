import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// `parlance serve --port 0` running in a home, with an HTTP client for its API: the real binary and
/// the real sample extensions, on loopback.
package final class RunningServer: Sendable {
    package struct Reply: Sendable {
        package let status: Int
        package let headers: [String: String]
        package let body: Data

        /// The body as JSON (nil when it is none).
        package var json: Any? { try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) }
        package var object: [String: Any] { json as? [String: Any] ?? [:] }
        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let process: Process
    private let printed = ServerOutput()
    /// The server's address, "http://127.0.0.1:PORT".
    package let base: String
    package let home: URL
    /// The access token the server wants: the one given, else the one it keeps in its home.
    package let token: String

    /// Starts the server and waits (up to `timeout`) until it listens; throws when it exits or never does.
    /// `command` and `address` choose another of parlance's services (`wyoming --port 0`, `tcp://…`).
    package init(home: URL, arguments: [String] = [], token: String? = nil, timeout: Duration = .seconds(120),
                 command: [String] = ["serve", "--port", "0"], address: String = #"http://127\.0\.0\.1:[0-9]+"#) throws {
        self.home = home
        process = Process()
        process.executableURL = URL(fileURLWithPath: TestProducts.path("parlance"))
        process.arguments = command + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PARLANCE_HOME"] = home.path
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = FileHandle.nullDevice
        let printed = self.printed
        out.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            printed.bytes.withLock { $0.append(data) }
        }
        try process.run()
        let clock = ContinuousClock()
        let end = clock.now + timeout
        var found: String?
        while clock.now < end, found == nil {
            let text = printed.bytes.withLock { String(decoding: $0, as: UTF8.self) }
            if let range = text.range(of: address, options: .regularExpression) {
                found = String(text[range])
            } else if !process.isRunning {
                break
            } else {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        guard let found else {
            if process.isRunning { process.terminate() }
            throw ServerDidNotStart(output: printed.bytes.withLock { String(decoding: $0, as: UTF8.self) })
        }
        base = found
        if let token {
            self.token = token
        } else {  // `serve` has made it by now; other services have none
            let saved = try? String(contentsOf: home.appendingPathComponent("server-token"), encoding: .utf8)
            self.token = saved?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        }
    }

    /// The server's port.
    package var port: Int { Int(base.split(separator: ":").last ?? "") ?? 0 }

    /// A WebSocket address on this server, with the token (as browsers send it) unless `authorized` is false.
    package func socketURL(_ path: String, authorized: Bool = true) -> String {
        let separator = path.contains("?") ? "&" : "?"
        return "ws://127.0.0.1:\(port)\(path)" + (authorized ? "\(separator)token=\(token)" : "")
    }

    /// A page of this server as `serve` prints it for the browser: with the token after `#token=`.
    package func pageURL(_ path: String) -> String { base + path + "#token=" + token }

    /// What the server printed so far (stdout and stderr).
    package var output: String { printed.bytes.withLock { String(decoding: $0, as: UTF8.self) } }
    package var isRunning: Bool { process.isRunning }
    package var processIdentifier: Int32 { process.processIdentifier }

    /// One HTTP request; `body` is sent as JSON unless `raw` bytes are given.
    package func request(_ method: String, _ path: String, json body: Any? = nil, raw: Data? = nil,
                         headers: [String: String] = [:], authorized: Bool = true) async throws -> Reply {
        guard let url = URL(string: base + path) else { throw URLError(.badURL) }
        var request = URLRequest(url: url, timeoutInterval: 120)
        request.httpMethod = method
        if let raw {
            request.httpBody = raw
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if authorized { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return Reply(status: http.statusCode, headers: fields, body: data)
    }

    /// Starts a conversation and returns its id.
    package func startConversation(language: String = "en", mode: String = "visual") async throws -> String {
        let reply = try await request("POST", "/v1/conversations", json: ["language": language, "mode": mode])
        guard reply.status == 201, let id = reply.object["id"] as? String else { throw UnexpectedReply(reply: reply) }
        return id
    }

    /// Says something in a conversation; returns the turns of the answer.
    package func say(_ text: String, in id: String, answering question: Int? = nil) async throws -> [[String: Any]] {
        var body: [String: Any] = ["text": text]
        if let question { body["answering"] = question }
        let reply = try await request("POST", "/v1/conversations/\(id)/turns", json: body)
        guard reply.status == 200, let turns = reply.object["turns"] as? [[String: Any]] else { throw UnexpectedReply(reply: reply) }
        return turns
    }

    /// Sends SIGTERM and waits (up to `timeout`) for the server to end; returns its exit status, nil if it did not end.
    @discardableResult
    package func stop(timeout: Duration = .seconds(60)) -> Int32? {
        if process.isRunning { process.terminate() }
        let clock = ContinuousClock()
        let end = clock.now + timeout
        while process.isRunning, clock.now < end { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

package struct ServerDidNotStart: Error, CustomStringConvertible {
    package let output: String
    package var description: String { "parlance serve did not start listening; it printed:\n\(output)" }
}

package struct UnexpectedReply: Error, CustomStringConvertible {
    package let reply: RunningServer.Reply
    package var description: String { "unexpected reply \(reply.status): \(reply.text)" }
}

/// What the server printed, collected as it comes.
private final class ServerOutput: Sendable {
    let bytes = Mutex(Data())
}

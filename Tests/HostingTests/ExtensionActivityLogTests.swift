import Foundation
@testable import ParlanceHosting
import Testing

@Suite("An app's activity log")
struct ExtensionActivityLogTests {
    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("activity-\(UUID().uuidString)")
    }

    @Test("entries come back in order, per app, with the files private")
    func entriesInOrder() throws {
        let home = folder()
        defer { try? FileManager.default.removeItem(at: home) }
        let log = ExtensionActivityLog(home: home)
        log.record(.init(event: "resolve", intent: "INSendMessageIntent", detail: "recipients: success", milliseconds: 2.5),
                   app: "org.example.chat")
        log.record(.init(event: "handle", intent: "INSendMessageIntent", detail: "code: success"), app: "org.example.chat")
        log.record(.init(event: "stderr", detail: "hello"), app: "org.example.other")
        #expect(log.entries(of: "org.example.chat").map(\.event) == ["resolve", "handle"])
        #expect(log.entries(of: "org.example.chat", limit: 1).map(\.event) == ["handle"])
        #expect(log.entries(of: "org.example.other").map(\.detail) == ["hello"])
        #expect(log.entries(of: "org.example.none").isEmpty)
        let attributes = try FileManager.default.attributesOfItem(atPath: log.file(of: "org.example.chat").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: log.folder.path)
        #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test("a full file moves aside and one older file is kept")
    func rotation() {
        let home = folder()
        defer { try? FileManager.default.removeItem(at: home) }
        let log = ExtensionActivityLog(home: home, maximumBytes: 400)
        for index in 0..<40 { log.record(.init(event: "handle", detail: "call \(index)"), app: "org.example.pay") }
        let kept = log.entries(of: "org.example.pay", limit: 1000).compactMap(\.detail)
        #expect(kept.last == "call 39")
        #expect(kept.count < 40 && kept.count >= 2)
        #expect(kept == kept.sorted { Int($0.dropFirst(5)) ?? 0 < Int($1.dropFirst(5)) ?? 0 })
        let files = (try? FileManager.default.contentsOfDirectory(atPath: log.folder.path)) ?? []
        #expect(files.sorted() == ["org.example.pay.1.jsonl", "org.example.pay.jsonl"])
    }

    @Test("two assistants on one home share the log: after one moves it aside, the other writes to the new file; a deleted log is begun again")
    func twoWriters() throws {
        let home = folder()
        defer { try? FileManager.default.removeItem(at: home) }
        let chat = ExtensionActivityLog(home: home, maximumBytes: 400)
        let server = ExtensionActivityLog(home: home, maximumBytes: 400)
        for index in 0..<40 {
            (index.isMultiple(of: 2) ? chat : server).record(.init(event: "handle", detail: "call \(index)"), app: "org.example.pay")
        }
        let current = try String(contentsOf: chat.file(of: "org.example.pay"), encoding: .utf8)
        #expect(current.contains("call 39") && current.contains("call 38"), "both write to the file in place: \(current)")
        #expect(current.utf8.count <= 400, "the size both see is the file's")
        let kept = chat.entries(of: "org.example.pay", limit: 1000).compactMap(\.detail)
        #expect(kept == kept.sorted { Int($0.dropFirst(5)) ?? 0 < Int($1.dropFirst(5)) ?? 0 }, "\(kept)")
        try FileManager.default.removeItem(at: chat.folder)
        server.record(.init(event: "start"), app: "org.example.pay")
        #expect(server.entries(of: "org.example.pay").map(\.event) == ["start"])
    }

    @Test("names that are not bundle identifiers stay inside the folder; broken lines are skipped")
    func hostileNames() throws {
        let home = folder()
        defer { try? FileManager.default.removeItem(at: home) }
        let log = ExtensionActivityLog(home: home)
        for name in ["../../etc/passwd", "..", "a/b", ""] {
            let file = log.file(of: name).standardizedFileURL
            #expect(file.deletingLastPathComponent().path.trimmingSuffix("/") == log.folder.standardizedFileURL.path.trimmingSuffix("/"))
        }
        log.record(.init(event: "start"), app: "org.example.x")
        let handle = try FileHandle(forWritingTo: log.file(of: "org.example.x"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("not json\n{\"event\":\n".utf8))
        try handle.close()
        log.record(.init(event: "end"), app: "org.example.x")
        #expect(log.entries(of: "org.example.x").map(\.event) == ["start", "end"])
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}

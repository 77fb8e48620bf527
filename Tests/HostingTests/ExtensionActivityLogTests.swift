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
            let writer = index.isMultiple(of: 2) ? chat : server
            writer.record(.init(event: "handle", detail: "call \(index)"), app: "org.example.pay")
            writer.waitUntilWritten()  // one call after the other, as two assistants' calls in turn
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
        log.waitUntilWritten()
        let handle = try FileHandle(forWritingTo: log.file(of: "org.example.x"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("not json\n{\"event\":\n".utf8))
        try handle.close()
        log.record(.init(event: "end"), app: "org.example.x")
        #expect(log.entries(of: "org.example.x").map(\.event) == ["start", "end"])
    }

    @Test("a line reads back as the entry, and as Foundation's encoder would have written it, whatever the text holds")
    func linesAreJSON() throws {
        let texts = ["plain", "", "quote \" and backslash \\ and slash /", "tab\tline\nreturn\r", "\u{1B}[2J\u{7}\u{0}\u{1F}",
                     "émoji 🍌 and 漢字 and \u{7F} and \u{85}", "\u{2028}\u{2029}"]
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let moments = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_795_000_000.75),
                       Date(timeIntervalSince1970: 4_102_444_799)]
        for (index, text) in texts.enumerated() {
            for time in moments {
                let entry = ExtensionActivityLog.Entry(event: text, intent: index % 2 == 0 ? "INSendMessageIntent" : nil,
                                                       detail: index % 3 == 0 ? nil : text,
                                                       milliseconds: [nil, 0, 12.5, 1e-7, 123456.7][index % 5],
                                                       failed: [nil, true, false][index % 3], time: time)
                let line = ExtensionActivityLog.line(entry)
                #expect(line.last == UInt8(ascii: "\n"))
                let read = try decoder.decode(ExtensionActivityLog.Entry.self, from: line)
                var expected = entry
                expected.time = Date(timeIntervalSince1970: time.timeIntervalSince1970.rounded(.down))
                #expect(read == expected)
                let ours = try JSONSerialization.jsonObject(with: line) as? NSDictionary
                let foundations = try JSONSerialization.jsonObject(with: encoder.encode(expected)) as? NSDictionary
                #expect(ours == foundations, "\(String(decoding: line, as: UTF8.self))")
            }
        }
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}

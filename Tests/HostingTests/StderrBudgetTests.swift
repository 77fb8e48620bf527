import Foundation
@testable import ParlanceHosting
import Testing

/// An extension's stderr is recorded within limits, never obeyed as terminal commands, and never at the
/// cost of the host's own records.
@Suite("An extension's stderr, within limits")
struct StderrBudgetTests {
    private let start = ContinuousClock.now
    private let small = StderrBudget.Limits(lineBytes: 10, bytesPerMinute: 40, bytesPerRun: 100)

    private func fed(_ text: String, limits: StderrBudget.Limits, pieces: Int) -> [String] {
        var budget = StderrBudget(limits: limits)
        let bytes = Array(text.utf8)
        var lines: [String] = []
        var index = 0
        while index < bytes.count {
            let end = min(bytes.count, index + pieces)
            lines += budget.feed(bytes[index..<end], now: start)
            index = end
        }
        return lines + budget.finish(now: start)
    }

    @Test("lines come out the same fed byte by byte, in pieces or whole; escapes and carriage returns shown, not obeyed",
          arguments: [1, 3, 1_000])
    func pieces(size: Int) {
        let text = "one\r\n\u{1B}]0;pwned\u{7}\u{1B}[2J\ntwo\n\nlast without end"
        let limits = StderrBudget.Limits(lineBytes: 100, bytesPerMinute: 1_000, bytesPerRun: 1_000)
        #expect(fed(text, limits: limits, pieces: size)
                == ["one", "␛]0;pwned␇␛[2J", "two", "last without end"])
    }

    @Test("a long line keeps its first bytes and says how many more there were")
    func longLine() {
        #expect(fed("0123456789abcdef\nok\n", limits: small, pieces: 4) == ["0123456789… (6 more bytes dropped)", "ok"])
    }

    @Test("past a minute's bytes lines are dropped and told once when recording resumes")
    func perMinute() {
        var budget = StderrBudget(limits: small)
        var lines: [String] = []
        for index in 0..<10 { lines += budget.feed(ArraySlice(Array("line \(index)\n".utf8)), now: start) }
        #expect(lines == ["line 0", "line 1", "line 2", "line 3", "line 4"])
        lines = budget.feed(ArraySlice(Array("later\n".utf8)), now: start + .seconds(61))
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("…35 bytes of stderr dropped") == true, "\(lines)")
        #expect(lines.last == "later")
    }

    @Test("past a run's bytes nothing more is recorded, and the end tells what was dropped")
    func perRun() {
        var budget = StderrBudget(limits: small)
        var lines: [String] = []
        for minute in 0..<20 {
            lines += budget.feed(ArraySlice(Array("a\nb\nc\n".utf8)), now: start + .seconds(61 * minute))
        }
        let end = budget.finish(now: start + .seconds(3_600))
        #expect(lines.count == 50)  // 2 bytes each: 100 bytes
        #expect(end.count == 1 && end[0].hasPrefix("…20 bytes of stderr dropped"), "\(end)")
    }

    @Test("10 MB without a line feed holds one line's bytes and records one line")
    func flood() {
        var budget = StderrBudget()
        let chunk = ArraySlice([UInt8](repeating: UInt8(ascii: "A"), count: 64 * 1024))
        var lines: [String] = []
        for _ in 0..<160 { lines += budget.feed(chunk, now: start) }
        lines += budget.finish(now: start)
        #expect(lines.count == 1)
        #expect(lines[0].hasSuffix("… (\(160 * 64 * 1024 - 1_024) more bytes dropped)"))
    }

    @Test("control characters, C1 controls and bidirectional overrides are stored visible")
    func visible() {
        #expect(VisibleText.of("a\u{1B}[31mb\u{9B}c\u{202E}d\u{7F}\ne\tf") == "a␛[31mb<U+9B>c<U+202E>d␡␊e␉f")
        #expect(VisibleText.of("line\nnext\ttab", keepingLineBreaks: true) == "line\nnext\ttab")
    }

    @Test("stderr is kept apart from the host's records: a flood never pushes them out, and is stored visible")
    func hostRecordsSurvive() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let log = ExtensionActivityLog(home: home, maximumBytes: 2_000)
        let app = "org.example.pay"
        log.record(.init(event: "start", detail: "ready"), app: app)
        log.record(.init(event: "handle", intent: "INSendPaymentIntent", detail: "code: success"), app: app)
        for index in 0..<500 { log.record(.init(event: "stderr", detail: "\u{1B}[2Jnoise \(index)"), app: app) }
        log.waitUntilWritten()
        let host = try String(contentsOf: log.file(of: app), encoding: .utf8)
        #expect(host.contains("\"start\"") && host.contains("INSendPaymentIntent"))
        #expect(!host.contains("noise"))
        let entries = log.entries(of: app, limit: 10_000)
        #expect(entries.filter { $0.event != "stderr" }.map(\.event) == ["start", "handle"])
        #expect(entries.last?.detail == "␛[2Jnoise 499")
        let stderrSize = try FileManager.default.attributesOfItem(atPath: log.stderrFile(of: app).path)[.size] as? Int ?? 0
        #expect(stderrSize <= 2_000)
        #expect(!entries.contains { $0.detail?.unicodeScalars.contains("\u{1B}") == true })
    }
}

import Foundation
import TestSupport
import Testing

/// The sample apps' growing records (MonkeyPay's payments, MonkeyChat's sent messages) are ledgers of one
/// line per entry: an older home's records move into them once, and a line cut short is passed over.
@Suite(.serialized, .waitsBlocking)
struct SampleAppLedgerTests {
    @Test("an older MonkeyPay wallet's payments move into the ledger once, the balance unchanged")
    func olderWalletMoves() throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        _ = try runner.run(["chat"], input: "what can you do?\n")  // installs the sample apps
        #expect(try runner.run(["apps", "allow", "org.parlance.examples.monkeypay"]).status == 0)
        let folder = runner.home.appendingPathComponent("app-data/org.parlance.examples.monkeypay")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // As versions before the ledger kept it: $20 already taken from the balance, its payment in the state.
        try """
        {"balances": {"USD": 100, "EUR": 40, "CNY": 800}, "people": ["Bobo", "Kiki"],
         "payments": [{"identifier": "older-1", "kind": "sent", "person": "Bobo", "amount": 20, "currency": "USD",
                       "date": "2026-01-02T03:04:05Z"}]}
        """.write(to: folder.appendingPathComponent("state.json"), atomically: true, encoding: .utf8)
        let wallet = CommandRunner.appProgram("monkeypay")
        #expect(try runner.runProgram(wallet, ["balance"]).contains("$100.00"))
        #expect(try runner.runProgram(wallet, ["history"]).contains("sent to Bobo: $20.00"))
        #expect(try PaymentCrashTests.monkeyPayPayments(home: runner.home) == [2000: 1])
        let state = try String(contentsOf: folder.appendingPathComponent("state.json"), encoding: .utf8)
        #expect(!state.contains("older-1"), "moved, not kept twice: \(state)")

        // A payment cut short in the ledger (the app stopped mid-line) is passed over; the next is recorded.
        let ledger = try FileHandle(forWritingTo: folder.appendingPathComponent("payments.jsonl"))
        try ledger.seekToEnd()
        try ledger.write(contentsOf: Data(#"{"amount":7,"currency":"USD","ide"#.utf8))
        try ledger.close()
        let paid = try runner.run(["chat"], input: "pay Kiki 5 dollars with MonkeyPay\nyes\n")
        #expect(paid.stdout.contains("Sent $5.00 to Kiki"), "\(paid.stdout)")
        #expect(try runner.runProgram(wallet, ["balance"]).contains("$95.00"))
        #expect(try PaymentCrashTests.monkeyPayPayments(home: runner.home) == [2000: 1, 500: 1])
    }

    @Test("MonkeyChat lists an older home's sent messages and new ones, each once")
    func olderSentMessagesMove() throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        _ = try runner.run(["chat"], input: "what can you do?\n")
        #expect(try runner.run(["apps", "allow", "org.parlance.examples.monkeychat"]).status == 0)
        let folder = runner.home.appendingPathComponent("app-data/org.parlance.examples.monkeychat")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        {"contacts": [{"name": "Kiki", "handle": "@kiki", "favourite": true, "hasAccount": true}],
         "sent": [{"identifier": "older-1", "to": ["Kiki"], "content": "the older message",
                   "date": "2026-01-02T03:04:05Z", "read": true, "flagged": false}],
         "inbox": []}
        """.write(to: folder.appendingPathComponent("state.json"), atomically: true, encoding: .utf8)
        let sent = try runner.run(["chat"], input: "MonkeyChat Kiki the newer message\n")
        #expect(sent.status == 0, "\(sent.stdout)")
        let messages = try runner.runProgram(CommandRunner.appProgram("monkeychat"), ["messages"])
        #expect(messages.components(separatedBy: "to Kiki: the older message").count == 2, "\(messages)")
        #expect(messages.components(separatedBy: "to Kiki: the newer message").count == 2, "\(messages)")
    }
}

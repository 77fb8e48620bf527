import Foundation
import ParlanceStore
import Testing
import TestSupport

/// The assistant is killed (SIGKILL) at random moments right after the user says yes to a payment,
/// then started again, many times: no payment may be lost while claimed done, and none made twice,
/// whether the app answers a repeated intent from its record (MonkeyPay: exactly once) or not (at
/// most once, and the user hears that the outcome is unknown).
///
/// It runs when `PARLANCE_CHAOS_RUNS` says how many kills per app (`.ci/run` runs 50 on their own):
/// each start of the assistant trains its models, minutes of CPU that would crowd the time-bounded
/// hosting suites of a plain `swift test`.
@Suite(.serialized, .waitsBlocking, .enabled(if: chaosRuns > 0, "set PARLANCE_CHAOS_RUNS to run the chaos tests"))
struct PaymentCrashTests {
    static let runs = chaosRuns

    @Test func monkeyPayPaysExactlyOnceWhereverTheAssistantIsKilled() throws {
        let runner = CommandRunner()
        defer { runner.remove() }
        let outcome = try Self.killAroundYes(home: runner.home, app: "MonkeyPay", seed: 17)
        let paid = try Self.monkeyPayPayments(home: runner.home)
        print("MonkeyPay, \(outcome.amounts.count) kills: \(outcome.summary(paid: paid))")
        for cents in outcome.amounts {
            #expect(paid[cents, default: 0] == 1, "\(cents) cents paid \(paid[cents, default: 0]) times\n\(outcome.log)")
            #expect(outcome.claimed.contains(cents), "MonkeyPay's payment of \(cents) cents was never reported\n\(outcome.log)")
        }
    }

    @Test func anAppThatIgnoresTheKeyIsNeverPaidTwiceNorClaimedPaidWhenItWasNot() throws {
        let runner = CommandRunner()
        let bundles = try BundleFixture()
        defer { runner.remove(); bundles.remove() }
        // The extension may write only its app's data folder (the sandbox).
        let log = runner.home.appendingPathComponent("app-data/com.example.quid/payments.log")
        let app = try bundles.chatterbox(named: "Quid.app") { path, plist in
            switch path {
            case "Info.plist":
                plist["CFBundleDisplayName"] = "Quid"
                plist["CFBundleName"] = "Quid"
                plist["CFBundleIdentifier"] = "com.example.quid"
            case "PlugIns/ChatterboxIntents.appex/Info.plist":
                plist["CFBundleIdentifier"] = "com.example.quid.intents"
                plist["NSExtension"] = ["NSExtensionPointIdentifier": "com.apple.intents-service",
                                        "NSExtensionAttributes": ["IntentsSupported": ["INSendPaymentIntent"]]]
            default:
                plist["IntentPhrases"] = nil
                plist["ParameterVocabularies"] = nil
            }
        }
        try bundles.useTestExtension(in: app, arguments: "forgetful-pay \"$PARLANCE_APP_DATA/payments.log\"")
        let installed = try runner.run(["apps", "install", app.path])
        try #require(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
        let allowed = try runner.run(["apps", "allow", "com.example.quid"])
        try #require(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")

        let outcome = try Self.killAroundYes(home: runner.home, app: "Quid", seed: 29)
        var paid: [Int: Int] = [:]
        let lines = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        for line in lines.split(separator: "\n") {
            guard let amount = line.split(separator: " ").last.flatMap({ Double($0) }) else { continue }
            paid[Int((amount * 100).rounded()), default: 0] += 1
        }
        print("Quid (ignores the key), \(outcome.amounts.count) kills: \(outcome.summary(paid: paid))")
        for cents in outcome.amounts {
            #expect(paid[cents, default: 0] <= 1, "\(cents) cents paid \(paid[cents, default: 0]) times\n\(outcome.log)")
            if outcome.claimed.contains(cents) {
                #expect(paid[cents, default: 0] == 1, "claimed paid but never paid: \(cents) cents\n\(outcome.log)")
            }
        }
        // Every payment ends in words: paid, or "I don't know whether it went through".
        let told = outcome.claimed.count + outcome.unknown
        #expect(told >= outcome.amounts.count, "\(outcome.amounts.count) payments, \(told) told\n\(outcome.log)")
    }

    // MARK: The run

    struct Outcome {
        /// The amounts asked for, in cents, one per kill.
        var amounts: [Int] = []
        /// Amounts the assistant said were paid.
        var claimed: Set<Int> = []
        /// How many times the assistant said it did not know whether a payment went through.
        var unknown = 0
        /// Every turn printed, for failure messages.
        var log = ""
        /// Where the kills landed, as the app's record and the assistant's words tell it.
        func summary(paid: [Int: Int]) -> String {
            let once = amounts.filter { paid[$0] == 1 }.count, never = amounts.filter { paid[$0, default: 0] == 0 }.count
            let twice = amounts.filter { paid[$0, default: 0] > 1 }.count
            return "paid once \(once), never \(never), twice or more \(twice); reported paid \(claimed.count), "
                + "told unknown \(unknown)"
        }
    }

    /// For each run: starts the assistant (which settles what the last kill left), asks it to pay Bobo
    /// a new amount with `app`, says yes and kills the assistant after a random delay of 0–60 ms.
    /// A last start settles the last kill.
    static func killAroundYes(home: URL, app: String, seed: UInt64) throws -> Outcome {
        var random = SeededGenerator(seed: seed)
        var outcome = Outcome()
        for run in 0...runs {
            let pending = try AssistantStore.open(home: home).conversationState(session: "default") != nil
            let chat = try InteractiveChat(home: home)
            defer { outcome.log += chat.output }
            var seen = 0
            if pending { try settle(chat, seen: &seen) }
            guard run < runs else {
                chat.finish()
                tally(chat.turns, into: &outcome)
                break
            }
            let cents = 110 + run
            outcome.amounts.append(cents)
            chat.say("pay Bobo \(cents / 100).\(String(format: "%02d", cents % 100)) dollars with \(app)")
            while true {
                try #require(chat.wait { $0.count > seen }, "no answer to the request\n\(chat.output)\n\(chat.diagnosis)")
                let turn = chat.turns[seen]
                seen += 1
                let kind = turn["kind"] as? String, step = turn["step"] as? String
                if kind == "question", step == "permission" { chat.say("yes"); continue }
                if kind == "question", step == "confirmIntent" { break }
                Issue.record("unexpected turn before the confirmation: \(turn)")
                chat.kill()
                return outcome
            }
            chat.say("yes")
            Thread.sleep(forTimeInterval: Double(random.next() % 61) / 1000)
            chat.kill()
            tally(chat.turns, into: &outcome)
        }
        return outcome
    }

    /// Answers yes to what a restarted assistant asks about the request it was killed in, until it
    /// says how that request ended (or there was nothing to pick up).
    static func settle(_ chat: InteractiveChat, seen: inout Int) throws {
        while true {
            try #require(chat.wait { $0.count > seen }, "the restarted assistant said nothing\n\(chat.output)\n\(chat.diagnosis)")
            let turn = chat.turns[seen]
            seen += 1
            switch turn["kind"] as? String {
            case "question": chat.say("yes")
            case "progress": continue
            default: return
            }
        }
    }

    static func tally(_ turns: [[String: Any]], into outcome: inout Outcome) {
        for turn in turns {
            if turn["kind"] as? String == "result", let cents = amount(in: turn) { outcome.claimed.insert(cents) }
            if turn["step"] as? String == "interrupted" { outcome.unknown += 1 }
        }
    }

    static func amount(in turn: [String: Any]) -> Int? {
        guard let parameters = turn["parameters"] as? [String: Any],
              let amount = parameters["currencyAmount"] as? [String: Any],
              let value = (amount["amount"] as? NSNumber)?.doubleValue else { return nil }
        return Int((value * 100).rounded())
    }

    /// How many times MonkeyPay paid each amount (in cents) in this home: its ledger, one payment a line.
    static func monkeyPayPayments(home: URL) throws -> [Int: Int] {
        let ledger = home.appendingPathComponent("app-data/org.parlance.examples.monkeypay/payments.jsonl")
        guard FileManager.default.fileExists(atPath: ledger.path) else { return [:] }
        let payments = try String(decoding: Data(contentsOf: ledger), as: UTF8.self).split(separator: "\n").compactMap {
            // A line cut short is no payment (MonkeyPay passes over it too).
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        var paid: [Int: Int] = [:]
        for payment in payments where payment["kind"] as? String == "sent" {
            guard let value = (payment["amount"] as? NSNumber)?.doubleValue else { continue }
            paid[Int((value * 100).rounded()), default: 0] += 1
        }
        return paid
    }
}

/// Kills per app in the chaos tests; none unless `PARLANCE_CHAOS_RUNS` is set.
let chaosRuns = ProcessInfo.processInfo.environment["PARLANCE_CHAOS_RUNS"].flatMap(Int.init) ?? 0

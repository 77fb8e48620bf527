import Foundation
import TestSupport
import Testing

/// Two `parlance serve` instances on one PostgreSQL database (`--store postgres://…`), each with its own home and
/// its own extension processes, as behind a load balancer: one conversation's turns alternate between them, and
/// the payment it makes is made once. Needs `PARLANCE_TEST_POSTGRES` (`.ci/run` sets it).
@Suite(.waitsBlocking, .enabled(if: PostgresTestDatabase.serverURL != nil, Comment(rawValue: PostgresTestDatabase.skipReason)))
struct ScaleOutTests {
    @Test func aConversationsTurnsAlternateBetweenTwoServersAndItsPaymentIsMadeOnce() async throws {
        let place = try TwoServerPlace()
        defer { place.remove() }
        let (homes, token, arguments) = (place.homes, place.token, place.arguments)
        // One after the other: the first makes the tables and installs the sample apps, the second finds them.
        let first = try RunningServer(home: homes[0], arguments: arguments, token: token)
        defer { first.stop() }
        let second = try RunningServer(home: homes[1], arguments: arguments, token: token)
        defer { second.stop() }
        let servers = [first, second]
        #expect(second.output.contains("PostgreSQL"), "\(second.output)")

        let id = try await first.startConversation()
        var steps: [[String]] = []
        // The permission asked by the first, given on the second, the payment confirmed on the first; the last
        // "yes", on the second, finds nothing left to say yes to.
        let said = ["pay Bobo 5 dollars with MonkeyPay", "yes", "yes", "yes"]
        for (index, text) in said.enumerated() {
            let turns = try await servers[index % 2].say(text, in: id)
            steps.append(turns.compactMap { $0["step"] as? String })
        }
        #expect(steps.count == 4 && steps[0].last == "permission" && steps[1].last == "confirmIntent", "\(steps)")
        #expect(steps.count == 4 && steps[2].last == "handled", "each server goes on from the other's turn: \(steps)")
        #expect(steps.joined().filter { $0 == "handled" }.count == 1, "\(steps)")
        // The conversation each server shows is the same one, whichever answered last.
        let shown = try await second.request("GET", "/v1/conversations/\(id)")
        #expect(shown.status == 200, "\(shown.text)")

        // Whichever server's MonkeyPay handled it, five dollars to Bobo left once in all.
        var sent = 0
        for home in homes { sent += try PaymentCrashTests.monkeyPayPayments(home: home)[500, default: 0] }
        #expect(sent == 1, "paid \(sent) times\n\(first.output)\n\(second.output)")
    }

    /// A device listens on one server while the conversation's turns are answered by both: it hears every turn,
    /// numbered once for the conversation, and each server shows the whole conversation.
    @Test func aDeviceListeningOnOneServerHearsTheTurnsTheOtherAnswers() async throws {
        let place = try TwoServerPlace()
        defer { place.remove() }
        let (first, second) = try place.startBoth()
        defer { first.stop(); second.stop() }
        let id = try await first.startConversation()
        let events = try WebSocketTestClient(url: first.socketURL("/v1/conversations/\(id)/events"))
        var answers: [[String: Any]] = []
        for (index, text) in ["pay Bobo 5 dollars with MonkeyPay", "yes", "yes"].enumerated() {
            answers += try await [second, first][index % 2].say(text, in: id)
        }
        #expect(answers.map { $0["seq"] as? Int } == Array(1...answers.count), "numbered once: \(answers)")
        #expect(answers.last?["step"] as? String == "handled", "\(answers)")
        var heard: [[String: Any]] = []
        while heard.count < answers.count, let message = try events.receive() {
            heard.append(try #require(try JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any]))
        }
        #expect(heard.map { $0["seq"] as? Int } == answers.map { $0["seq"] as? Int })
        #expect(heard.map { $0["step"] as? String } == answers.map { $0["step"] as? String })
        for server in [first, second] {
            let shown = try await server.request("GET", "/v1/conversations/\(id)")
            #expect((shown.object["turns"] as? [Any])?.count == answers.count, "\(shown.text)")
            #expect(shown.object["nextSeq"] as? Int == answers.count + 1, "\(shown.text)")
        }
        // A listener that comes later to the other server catches up from a number on.
        let late = try WebSocketTestClient(url: second.socketURL("/v1/conversations/\(id)/events?after=1"))
        #expect(try late.receive()?.contains("\"seq\":2") == true)
        // Ended on one server, it ends on the other: the device listening there hears the end.
        #expect(try await second.request("DELETE", "/v1/conversations/\(id)").status == 204)
        #expect(try events.receive() == nil, "the socket on the other server closes")
        #expect(try await first.request("GET", "/v1/conversations/\(id)").status == 404)
    }

    /// The reply to a payment's "yes" is lost after the server marked it shown (its connection dropped, or the server
    /// died then): the device sends the same answer to the other server, which tells what came of it from the turns
    /// the database keeps, and pays nothing again.
    @Test func anAnswerWhoseReplyWasLostIsToldItsOutcomeByTheOtherServer() async throws {
        let place = try TwoServerPlace()
        defer { place.remove() }
        let (first, second) = try place.startBoth()
        defer { first.stop(); second.stop() }
        let id = try await first.startConversation()
        var turns = try await first.say("pay Bobo 6.20 dollars with MonkeyPay", in: id)
        while turns.last?["step"] as? String == "permission" { turns = try await first.say("yes", in: id) }
        let confirmation = try #require(turns.last?["questionNumber"] as? Int, "\(turns)")
        let paid = try await first.say("yes", in: id, answering: confirmation)
        let result = try #require(paid.last { $0["kind"] as? String == "result" }, "\(paid)")

        let again = try await second.say("yes", in: id, answering: confirmation)
        #expect(again.map { $0["step"] as? String } == ["staleAnswer", result["step"] as? String], "\(again)")
        #expect(again.last?["seq"] as? Int == result["seq"] as? Int && again.last?["speech"] as? String == result["speech"] as? String)
        var payments = 0
        for home in place.homes { payments += try PaymentCrashTests.monkeyPayPayments(home: home)[620, default: 0] }
        #expect(payments == 1)
    }

    /// The server a payment's "yes" went to is killed (SIGKILL) 0–60 ms after it, a few times, each time on a
    /// fresh payment: the user says yes again to the other server, which takes the conversation up once the dead
    /// server's connection (and with it the turn lock) is gone. Each server's MonkeyPay keeps its wallet in its
    /// own home, so the other server cannot ask it whether a payment sent before the kill went through: it never
    /// sends it again, and says it does not know. No payment is made twice across both wallets, none is reported
    /// paid that was not, and every one ends in words: paid, or the outcome is unknown.
    @Test func aServerKilledAfterThePaymentsYesLeavesItToTheOtherOnceAndTruthfully() async throws {
        let place = try TwoServerPlace()
        defer { place.remove() }
        let (homes, token, arguments) = (place.homes, place.token, place.arguments)
        var servers = [try RunningServer(home: homes[0], arguments: arguments, token: token)]
        servers.append(try RunningServer(home: homes[1], arguments: arguments, token: token))
        defer { for server in servers { server.stop() } }

        var random = SeededGenerator(seed: 41)
        var outcome = PaymentCrashTests.Outcome()
        for round in 0..<4 {
            let victim = round % 2, survivor = 1 - round % 2
            let cents = 210 + round
            outcome.amounts.append(cents)
            // Asked on the survivor, up to the confirmation (the permission is asked once, on the first).
            let id = try await servers[survivor].startConversation()
            var turns = try await servers[survivor].say(
                "pay Bobo \(cents / 100).\(String(format: "%02d", cents % 100)) dollars with MonkeyPay", in: id)
            while turns.last?["step"] as? String == "permission" { turns = try await servers[survivor].say("yes", in: id) }
            try #require(turns.last?["step"] as? String == "confirmIntent", "\(turns)")
            let confirmation = try #require(turns.last?["questionNumber"] as? Int, "\(turns)")
            // The yes goes to the victim, killed while it may be anywhere in the handle.
            let delay = Double(random.next() % 61) / 1000
            let killed = servers[victim]
            async let lost = try? killed.say("yes", in: id, answering: confirmation)
            try await Task.sleep(for: .seconds(delay))
            kill(killed.processIdentifier, SIGKILL)
            // Killed after it answered: the user was told there, and the other server finds nothing left to do.
            let answeredBeforeTheKill = await lost ?? []
            PaymentCrashTests.tally(answeredBeforeTheKill, into: &outcome)
            outcome.log += "kill \(round) after \(Int(delay * 1000)) ms\n\(killed.output)\n"
            // The user's device, its answer lost, says yes again to the other server, naming the same question (as the
            // web page does); what it asks then is answered yes, until it tells.
            var told = try await servers[survivor].say("yes", in: id, answering: confirmation)
            outcome.log += "\(told)\n"
            var answered = 0
            while told.last?["kind"] as? String == "question", answered < 3 {
                answered += 1
                let more = try await servers[survivor].say("yes", in: id)
                outcome.log += "\(more)\n"
                told += more
            }
            PaymentCrashTests.tally(told, into: &outcome)
            let shown = try await servers[survivor].request("GET", "/v1/conversations/\(id)")
            #expect(shown.status == 200, "\(shown.text)")
            // The victim's home is served again, for the next kill.
            servers[victim] = try RunningServer(home: homes[victim], arguments: arguments, token: token)
        }

        var paid: [Int: Int] = [:]
        for home in homes { paid.merge(try PaymentCrashTests.monkeyPayPayments(home: home), uniquingKeysWith: +) }
        print("two servers, \(outcome.amounts.count) kills: \(outcome.summary(paid: paid))")
        for cents in outcome.amounts {
            #expect(paid[cents, default: 0] <= 1, "\(cents) cents paid \(paid[cents, default: 0]) times\n\(outcome.log)")
            if outcome.claimed.contains(cents) {
                #expect(paid[cents, default: 0] == 1, "reported paid but never paid: \(cents) cents\n\(outcome.log)")
            }
        }
        let told = outcome.claimed.count + outcome.unknown
        // A server killed after it handled the payment and marked its outcome shown, but before its HTTP answer was
        // written, leaves the other server an idle conversation: the repeated yes names the answered question, and
        // what came of it is told again from the turns the store keeps.
        #expect(told >= outcome.amounts.count, "\(outcome.amounts.count) payments, \(told) told\n\(outcome.log)")
    }

    /// A conversation is its user's on every server: another user's token finds nothing there.
    @Test func theUsersAreTheDatabasesOnEveryServer() async throws {
        let url = try PostgresTestDatabase.make()
        defer { PostgresTestDatabase.drop(url) }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("scale-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let runner = CommandRunner(home: home)
        let added = try runner.run(["users", "add", "ada", "--store", url])
        try #require(added.status == 0, "\(added.stdout)\(added.stderr)")
        let issued = try runner.run(["users", "token", "ada", "--device", "phone"], environment: ["PARLANCE_STORE": url])
        try #require(issued.status == 0, "\(issued.stderr)")
        let adaToken = issued.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let listed = try runner.run(["users", "list", "--store", url])
        #expect(listed.stdout == "owner\nada\tphone\n", "\(listed.stdout)")
        #expect(try runner.run(["users", "list"]).stdout == "owner\n", "SQLite stays the default")

        let server = try RunningServer(home: home, arguments: ["--store", url, "--no-speech"])
        defer { server.stop() }
        let id = try await server.startConversation()
        _ = try await server.say("pay Bobo 5 dollars with MonkeyPay", in: id)
        let asAda = try await server.request("GET", "/v1/conversations/\(id)", headers: ["Authorization": "Bearer \(adaToken)"],
                                             authorized: false)
        #expect(asAda.status == 404, "\(asAda.text)")
        let refused = try runner.run(["serve", "--store", "mysql://x/y", "--port", "0"])
        #expect(refused.status != 0 && refused.stderr.contains("is not a store"), "\(refused.stderr)")
    }
}

/// Two servers' homes, one token and one fresh PostgreSQL database: what the scale-out tests start servers on.
private struct TwoServerPlace {
    let url: String
    let folder: URL
    let homes: [URL]
    let token = "scale-out-" + UUID().uuidString
    /// `parlance serve`'s arguments for either server.
    let arguments: [String]

    init() throws {
        url = try PostgresTestDatabase.make()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("scale-out-\(UUID().uuidString)")
        homes = [folder.appendingPathComponent("a"), folder.appendingPathComponent("b")]
        for home in homes { try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true) }
        let tokenFile = folder.appendingPathComponent("token")
        try Data(token.utf8).write(to: tokenFile)
        arguments = ["--store", url, "--token-file", tokenFile.path, "--no-speech"]
    }

    /// A server on each home.
    func startBoth() throws -> (RunningServer, RunningServer) {
        let first = try RunningServer(home: homes[0], arguments: arguments, token: token)
        do {
            return (first, try RunningServer(home: homes[1], arguments: arguments, token: token))
        } catch {
            first.stop()
            throw error
        }
    }

    /// Drops the database and the homes.
    func remove() {
        PostgresTestDatabase.drop(url)
        try? FileManager.default.removeItem(at: folder)
    }
}

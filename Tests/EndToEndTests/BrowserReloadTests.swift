import Foundation
import TestSupport
import Testing

/// The web page in headless Chromium against the real `parlance serve`: a reload shows the whole conversation
/// again (the user's words too) with only the waiting question's buttons usable; an old question's button does
/// nothing, and one forced back on is refused in words without calling the app; errors are told in the page's
/// own words, never the API's.
@Suite(.serialized, .waitsBlocking, .enabled(if: BrowserSession.isAvailable, "Chromium is not installed (apt-get install chromium)"))
struct BrowserReloadTests {
    /// The texts of the user's own turns, in order.
    static let mine = "[...document.querySelectorAll('#log li.mine')].map(li => li.querySelector('p').textContent)"
    /// The enabled state of every button labelled `label` in the conversation, in order.
    static func enabled(_ label: String) -> String {
        "[...document.querySelectorAll('#log button')].filter(b => b.textContent === \(BrowserSession.quoted(label))).map(b => !b.disabled)"
    }

    static func reload(_ browser: BrowserSession) throws {
        _ = try browser.evaluate("window.parlanceBeforeReload = true; setTimeout(() => location.reload(), 0); true")
        try browser.wait(for: "!window.parlanceBeforeReload && document.querySelector('#log li.turn')")
    }

    @Test("reload restores the conversation; old buttons are disabled; a stale click does nothing harmful")
    func reloadAndStaleClick() async throws {
        let home = ServerTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home)
        defer { server.stop() }
        for app in ["monkeypay", "monkeycall"] {
            _ = try await server.request("PUT", "/v1/apps/org.parlance.examples.\(app)/permission", json: ["permission": "allowed"])
        }
        let browser = try BrowserSession(url: server.pageURL("/?language=en"))
        try browser.wait(for: "document.getElementById('say') && sessionStorage.getItem('parlance.conversation')")

        try browser.type("pay Kiki 5 dollars with MonkeyPay for bananas")
        try browser.wait(for: BrowserTests.lastStep(is: "confirmIntent"))
        try browser.click(button: "No")
        try browser.wait(for: BrowserTests.lastStep(is: "declined"))
        try browser.type("call Kiki")
        try browser.wait(for: BrowserTests.lastStep(is: "app"))
        #expect(try browser.evaluate(Self.enabled("Yes")) as? [Bool] == [false], "the payment's Yes is closed")
        #expect(try browser.evaluate(Self.enabled("MonkeyCall")) as? [Bool] == [true])

        // Reloaded: the same conversation, the user's words included, and only the waiting question usable.
        try Self.reload(browser)
        try browser.wait(for: BrowserTests.lastStep(is: "app"))
        let steps = "[...document.querySelectorAll('#log li.turn:not(.mine)')].map(li => li.dataset.step)"
        #expect(try browser.evaluate(steps) as? [String] == ["confirmIntent", "declined", "app"])
        #expect(try browser.evaluate(Self.mine) as? [String] == ["pay Kiki 5 dollars with MonkeyPay for bananas", "no", "call Kiki"])
        #expect(try browser.evaluate(Self.enabled("Yes")) as? [Bool] == [false])
        #expect(try browser.evaluate(Self.enabled("No")) as? [Bool] == [false])
        #expect(try browser.evaluate(Self.enabled("MonkeyCall")) as? [Bool] == [true])
        let order = "[...document.querySelectorAll('#log li.turn')].map(li => li.classList.contains('mine') ? 'me' : li.dataset.step)"
        #expect(try browser.evaluate(order) as? [String] == ["me", "confirmIntent", "me", "declined", "me", "app"])
        try browser.screenshot(to: BrowserTests.artifacts.appendingPathComponent("reload-restored.png"))
        let paymentCalls = try StructuredIntentTests.calls(in: home, app: StaleAnswerTests.pay, intent: "INSendPaymentIntent")

        // A click on the old Yes does nothing at all.
        _ = try browser.evaluate("window.parlancePosts = 0; const original = window.fetch; window.fetch = (resource, options) => { "
                                 + "if (options && options.method === 'POST') window.parlancePosts += 1; return original(resource, options); }; true")
        try browser.click(button: "Yes")
        try await Task.sleep(for: .seconds(1))
        #expect(try browser.evaluate("window.parlancePosts") as? Int == 0)
        #expect((try browser.evaluate(Self.mine) as? [String])?.count == 3)

        // Forced back on (as a second tab would have it), its answer is refused in words: the waiting question again.
        _ = try browser.evaluate("[...document.querySelectorAll('#log button')].filter(b => b.textContent === 'Yes').forEach(b => { b.disabled = false; }); true")
        try browser.click(button: "Yes")
        try browser.wait(for: "[...document.querySelectorAll('#log li.turn')].some(li => li.dataset.step === 'staleAnswer') && "
                         + BrowserTests.lastStep(is: "app"))
        let text = try browser.pageText()
        #expect(text.contains("That answer was for an earlier question, so I didn't use it. Nothing was done."), "\(text)")
        for detail in ["answering", "questionNumber", "staleAnswer", "seq"] { #expect(!text.contains(detail), "\(text)") }
        #expect(try browser.evaluate(Self.enabled("MonkeyCall")) as? [Bool] == [false, true], "only the question asked again is usable")
        #expect(try browser.evaluate(Self.enabled("Yes")) as? [Bool] == [false])
        try browser.screenshot(to: BrowserTests.artifacts.appendingPathComponent("stale-click-refused.png"))
        #expect(try StructuredIntentTests.calls(in: home, app: StaleAnswerTests.pay, intent: "INSendPaymentIntent") == paymentCalls)
        let history = try CommandRunner(home: home).runProgram(TestProducts.path("monkeypay"), ["history"])
        #expect(history.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "a payment was made: \(history)")

        // The waiting question still takes its answer; a reload after it keeps every earlier button closed.
        try browser.click(button: "MonkeyCall")
        try browser.wait(for: "[...document.querySelectorAll('#log li.turn:not(.mine)')].pop()?.dataset.step !== 'app'")
        try Self.reload(browser)
        try browser.wait(for: "document.querySelectorAll('#log li.mine').length === 5")
        #expect(try browser.evaluate(Self.enabled("MonkeyCall")) as? [Bool] == [false, false])
        #expect(try browser.evaluate(Self.enabled("Yes")).map { ($0 as? [Bool])?.first } == false)

        // A failure is told in the page's words, not the API's message.
        _ = try browser.evaluate("""
            (() => { const original = window.fetch; let failing = 1;
              window.fetch = (resource, options) => {
                if (failing > 0 && options && options.method === 'POST' && String(resource).endsWith('/turns')) {
                  failing -= 1;
                  return Promise.resolve(new Response(JSON.stringify({ error: { code: 'internal', message: 'the store said SQLITE_FULL at db.c:42' } }),
                    { status: 500, headers: { 'Content-Type': 'application/json' } }));
                }
                return original(resource, options);
              }; })()
            """)
        try browser.type("hello")
        try browser.wait(for: "document.getElementById('status').textContent === 'Something went wrong in the assistant; try again.'")
        #expect(!(try browser.pageText()).contains("SQLITE"))
    }
}

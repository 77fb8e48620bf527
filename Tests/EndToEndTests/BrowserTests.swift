import Foundation
import ParlanceSpeech
import TestSupport
import Testing

/// The web page in a real browser (headless Chromium, driven through its DevTools protocol) against the
/// real `parlance serve`: typed requests, answers by clicking. Screenshots are saved in
/// `.build/test-artifacts/browser/` (or `$PARLANCE_TEST_ARTIFACTS/browser/`).
@Suite(.serialized, .waitsBlocking, .enabled(if: BrowserSession.isAvailable, "Chromium is not installed (apt-get install chromium)"))
struct BrowserTests {
    static let artifacts: URL = {
        if let folder = ProcessInfo.processInfo.environment["PARLANCE_TEST_ARTIFACTS"] {
            return URL(fileURLWithPath: folder).appendingPathComponent("browser")
        }
        return ConversationTests.root.appendingPathComponent(".build/test-artifacts/browser")
    }()

    /// The page's last assistant turn is at `step`.
    static func lastStep(is step: String) -> String {
        "[...document.querySelectorAll('#log li.turn:not(.mine)')].pop()?.dataset.step === \(BrowserSession.quoted(step))"
    }

    @Test("the seed's MonkeyChat conversation typed in the page, the permission given by a click; the seed's one-sentence form in six languages")
    func seedConversation() async throws {
        let home = ServerTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home)
        defer { server.stop() }
        let browser = try BrowserSession(url: server.pageURL("/?language=en"))
        try browser.wait(for: "document.getElementById('say') && sessionStorage.getItem('parlance.conversation')")
        // The question comes first by the event stream; the request's own reply is held back here, so "Yes" is
        // clicked, and "Bobo" typed, while the turn before is still on its way (as on a busy machine): each must
        // wait its turn, not be dropped.
        let answering = "document.getElementById('status').textContent === 'Parlance is answering…'"
        try Self.holdNextTurnReply(in: browser, milliseconds: 1500)
        try browser.type("send a MonkeyChat message")
        try browser.wait(for: Self.lastStep(is: "permission"))
        #expect(try browser.evaluate(answering) as? Bool == true, "the request's reply is still held back when Yes is clicked")
        try Self.holdNextTurnReply(in: browser, milliseconds: 1500)
        try browser.click(button: "Yes")
        try browser.wait(for: Self.lastStep(is: "value:recipients"))
        #expect(try browser.evaluate(answering) as? Bool == true, "the reply to yes is still held back when Bobo is typed")
        try browser.type("Bobo")
        try browser.wait(for: Self.lastStep(is: "value:content"))
        try browser.type("send more bananas")
        // The words came from an answer: read back, sent after a click on Yes.
        try browser.wait(for: Self.lastStep(is: "confirmIntent"))
        try browser.click(button: "Yes")
        try browser.wait(for: Self.lastStep(is: "handled"))
        let text = try browser.pageText()
        #expect(text.contains("Sent “send more bananas” to Bobo."), "\(text)")
        try browser.screenshot(to: Self.artifacts.appendingPathComponent("seed-en.png"))

        let seeds = [("fr", "MonkeyChat Kiki on se voit au grand arbre", "on se voit au grand arbre"),
                     ("de", "MonkeyChat Kiki wir sehen uns am großen Baum", "wir sehen uns am großen Baum"),
                     ("it", "MonkeyChat Kiki ci vediamo al grande albero", "ci vediamo al grande albero"),
                     ("ja", "MonkeyChat Kiki 大きな木の下で会おう", "大きな木の下で会おう"),
                     ("zh", "MonkeyChat Kiki 大树下见", "大树下见")]
        for (language, request, content) in seeds {
            _ = try browser.evaluate("""
                (() => { const select = document.getElementById('language'); select.value = \(BrowserSession.quoted(language));
                  select.dispatchEvent(new Event('change')); })()
                """)
            try browser.wait(for: "document.documentElement.lang === \(BrowserSession.quoted(language)) && !document.querySelector('#log li')")
            try browser.type(request)
            // The first request in a language trains its model on this fresh home (about 14 s of CPU for
            // Japanese), which a machine busy with the whole suite stretches well past a minute.
            try browser.wait(for: Self.lastStep(is: "handled"), timeout: .seconds(240))
            let shown = try browser.pageText()
            #expect(shown.contains(content), "\(language): \(shown)")
            try browser.screenshot(to: Self.artifacts.appendingPathComponent("seed-\(language).png"))
        }
    }

    /// Delays the page's next reply to a turn (`POST …/turns`) by `milliseconds`, once.
    static func holdNextTurnReply(in browser: BrowserSession, milliseconds: Int) throws {
        _ = try browser.evaluate("""
            (() => { const original = window.fetch; let held = 1;
              window.fetch = async (resource, options) => {
                const response = await original(resource, options);
                if (held > 0 && options && options.method === 'POST' && String(resource).endsWith('/turns')) {
                  held -= 1;
                  await new Promise((resolve) => setTimeout(resolve, \(milliseconds)));
                }
                return response;
              }; })()
            """)
    }

    @Test("a disambiguation answered by clicking a name; a payment confirmed by clicking Yes; discovery as a list to tap")
    func choicesByClicking() async throws {
        let home = ServerTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home)
        defer { server.stop() }
        // Three Bobos and no plain one, as in the monkeychat.conv script.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestProducts.path("monkeychat"))
        process.arguments = ["remove", "Bobo"]
        process.environment = ProcessInfo.processInfo.environment.merging(["PARLANCE_HOME": home.path]) { $1 }
        try process.run()
        process.waitUntilExit()
        for app in ["monkeychat", "monkeypay"] {
            _ = try await server.request("PUT", "/v1/apps/org.parlance.examples.\(app)/permission", json: ["permission": "allowed"])
        }

        let browser = try BrowserSession(url: server.pageURL("/?language=en"))
        try browser.wait(for: "sessionStorage.getItem('parlance.conversation')")
        try browser.type("send a message to Bobo on MonkeyChat saying hello")
        try browser.wait(for: Self.lastStep(is: "choice:recipients"))
        try browser.screenshot(to: Self.artifacts.appendingPathComponent("disambiguation.png"))
        try browser.click(button: "Little Bobo")
        // The recipient came from a choice: the message is read back, sent after a click on Yes.
        try browser.wait(for: Self.lastStep(is: "confirmIntent"))
        try browser.click(button: "Yes")
        try browser.wait(for: Self.lastStep(is: "handled"))
        let sent = try browser.pageText()
        #expect(sent.contains("Sent “hello” to Little Bobo."), "\(sent)")

        try browser.type("pay Kiki 5 dollars with MonkeyPay for bananas")
        try browser.wait(for: Self.lastStep(is: "confirmIntent"))
        try browser.screenshot(to: Self.artifacts.appendingPathComponent("payment-confirm.png"))
        // A "Yes" that cannot reach the assistant says so and leaves the question open: its buttons come back for another try.
        _ = try browser.evaluate("""
            (() => { const original = window.fetch; let failing = 1;
              window.fetch = (resource, options) => {
                if (failing > 0 && options && options.method === 'POST' && String(resource).endsWith('/turns')) {
                  failing -= 1;
                  return Promise.reject(new TypeError('the network is down'));
                }
                return original(resource, options);
              }; })()
            """)
        try browser.click(button: "Yes")
        try browser.wait(for: "document.getElementById('status').textContent === 'The assistant cannot be reached; try again.' && "
                         + "[...document.querySelectorAll('#log button')].filter(b => b.textContent === 'Yes').pop()?.disabled === false")
        #expect(try browser.evaluate(Self.lastStep(is: "confirmIntent")) as? Bool == true, "the question is still open")
        try browser.click(button: "Yes")
        try browser.wait(for: Self.lastStep(is: "handled"))
        let paid = try browser.pageText()
        #expect(paid.contains("$5.00"), "\(paid)")
        try browser.screenshot(to: Self.artifacts.appendingPathComponent("payment-done.png"))

        _ = try browser.evaluate("document.getElementById('discover').click()")
        try browser.wait(for: Self.lastStep(is: "discovery"))
        try browser.click(button: "Start a Bananarific in MonkeyFit")
        try browser.wait(for: "[...document.querySelectorAll('#log li.turn:not(.mine)')].pop()?.dataset.step !== 'discovery'")
        #expect(try browser.pageText().contains("MonkeyFit"))
        try browser.screenshot(to: Self.artifacts.appendingPathComponent("discovery.png"))

        // The workout waits at MonkeyFit's question: cancelled first, or it would come back after the next request.
        try browser.type("cancel")
        try browser.wait(for: Self.lastStep(is: "cancelled"))

        // A denied app is allowed again from the page, not only with `parlance apps allow`.
        _ = try await server.request("PUT", "/v1/apps/org.parlance.examples.monkeypay/permission", json: ["permission": "denied"])
        try browser.type("pay Kiki 1 dollar with MonkeyPay")
        try browser.wait(for: Self.lastStep(is: "permissionDenied"))
        try browser.click(button: "Allow MonkeyPay")
        try browser.wait(for: "[...document.querySelectorAll('#log button')].some(b => b.textContent === 'Allowed: MonkeyPay')")
        let apps = try await server.request("GET", "/v1/apps")
        let pay = (apps.object["apps"] as? [[String: Any]])?.first { $0["identifier"] as? String == "org.parlance.examples.monkeypay" }
        #expect(pay?["permission"] as? String == "allowed")
    }

    @Test("/maps: ride options from the ride apps, a ride booked with its confirmation and followed; a table booked for the guest, then my reservations")
    func mapsPage() async throws {
        let home = ServerTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try RunningServer(home: home)
        defer { server.stop() }
        let browser = try BrowserSession(url: server.pageURL("/maps"), width: 1100, height: 1000)
        try browser.wait(for: "document.getElementById('pickup').options.length > 3")

        _ = try browser.evaluate("document.getElementById('destination').value = 'Central Station'")
        try browser.click(button: "Find rides", in: "#ride-form")
        try browser.wait(for: "[...document.querySelectorAll('#rides button')].some(b => b.textContent === 'Allow MonkeyRide')")
        try browser.click(button: "Allow MonkeyRide", in: "#rides")  // the user allows each app, as the conversation asks
        try browser.wait(for: "[...document.querySelectorAll('#rides button')].some(b => b.textContent === 'Book Mini')")
        try browser.click(button: "Allow GorillaCab", in: "#rides")
        // Both ride apps' options side by side; the user picks MonkeyRide's Mini.
        try browser.wait(for: "['Book Mini', 'Book Silverback'].every(label => [...document.querySelectorAll('#rides button')].some(b => b.textContent === label))")
        try browser.screenshot(to: Self.artifacts.appendingPathComponent("maps-ride-options.png"))
        try browser.click(button: "Book Mini", in: "#rides")
        try browser.wait(for: "[...document.querySelectorAll('#rides button')].some(b => b.textContent === 'Confirm ride')")
        try browser.click(button: "Confirm ride", in: "#rides")
        try browser.wait(for: "document.querySelector('#rides .ride-status')?.dataset.phase")
        try browser.screenshot(to: Self.artifacts.appendingPathComponent("maps-ride-booked.png"))

        try browser.click(button: "Find tables", in: "#table-form")
        try browser.wait(for: "[...document.querySelectorAll('#tables button')].some(b => b.textContent === 'Allow MonkeyDine')")
        try browser.click(button: "Allow MonkeyDine", in: "#tables")
        try browser.wait(for: "document.querySelector('#tables ul.choices button')")
        try browser.click(selector: "#tables ul.choices button")
        try browser.wait(for: "document.getElementById('guest-phone')?.value === '+1 555 0123'")
        _ = try browser.evaluate("document.getElementById('guest-request').value = 'a table by the window'")
        try browser.click(selector: "#tables form button[type=submit]")
        try browser.wait(for: "[...document.querySelectorAll('#tables button')].some(b => b.textContent === 'Confirm booking')")
        try browser.click(button: "Confirm booking", in: "#tables")
        try browser.wait(for: "document.querySelector('#tables .booked')")
        let booked = try browser.evaluate("document.querySelector('#tables .booked').textContent") as? String ?? ""
        #expect(booked.contains("Banana Bistro, 2 guests"), "\(booked)")
        try browser.click(button: "My reservations", in: "main")
        try browser.wait(for: "document.getElementById('reservations').textContent.includes('Banana Bistro: 2 guests')")
        try browser.screenshot(to: Self.artifacts.appendingPathComponent("maps-table-booked.png"))
        let bookings = try CommandRunner(home: home).runProgram(TestProducts.path("monkeydine"), ["bookings"])
        #expect(bookings.contains("confirmed"), "\(bookings)")
    }
}

extension BrowserTests {
    @Test("push-to-talk: the microphone's request heard by the server (it hears the end itself), answered, and the answer played in the server's voice",
          .enabled(if: SpeechPrograms.installed, "espeak-ng or pocketsphinx is not installed"))
    func pushToTalk() async throws {
        let home = ServerTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let (runner, request) = try SpeechPrograms.seedSpoken(in: home)
        // The microphone: Chromium's fake capture device playing the request with silence after it.
        let silence = [Int16](repeating: 0, count: request.sampleRate * 3)
        let microphone = home.appendingPathComponent("microphone.wav")
        try WaveAudio(sampleRate: request.sampleRate, samples: silence.prefix(request.sampleRate / 2) + request.samples + silence)
            .wav.write(to: microphone)

        let server = try RunningServer(home: home)
        defer { server.stop() }
        let browser = try BrowserSession(url: server.pageURL("/?language=en&mode=voice"), arguments: [
            "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
            "--use-file-for-fake-audio-capture=\(microphone.path)%noloop", "--autoplay-policy=no-user-gesture-required"])
        try browser.wait(for: "sessionStorage.getItem('parlance.conversation') && !document.getElementById('talk').hidden")
        try browser.click(selector: "#talk")
        try browser.wait(for: "[...document.querySelectorAll('#log li.mine')].some(li => li.textContent.includes('Bobo send more bananas'))",
                         timeout: .seconds(90))
        try browser.wait(for: Self.lastStep(is: "handled"), timeout: .seconds(60))
        let text = try browser.pageText()
        #expect(text.contains("Sent “send more bananas” to Bobo."), "\(text)")
        try browser.wait(for: "(document.getElementById('voice').dataset.said || '').includes('send more bananas')")
        try browser.screenshot(to: Self.artifacts.appendingPathComponent("push-to-talk.png"))
        let sent = try runner.runProgram(TestProducts.path("monkeychat"), ["messages"])
        #expect(sent.contains("send more bananas"), "\(sent)")
    }
}

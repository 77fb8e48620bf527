import Foundation
import Synchronization

/// Headless Chromium driven through its DevTools protocol: open a page, type, press keys, click where
/// an element is, read the page, save screenshots. For the web page's tests; `isAvailable` is false
/// where Chromium is not installed (`.ci/run` installs it).
package final class BrowserSession {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
    }

    private let process: Process
    private let profile: URL
    private let socket: WebSocketTestClient
    private var nextID = 1
    private var sessionID = ""

    /// The Chromium program, if one is installed.
    package static var executable: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    package static var isAvailable: Bool { executable != nil }

    /// Starts Chromium (with `arguments` added to its own) and opens `url` in a page of `width`×`height`.
    package init(url: String, width: Int = 1000, height: Int = 900, arguments: [String] = []) throws {
        guard let executable = Self.executable else { throw Failure("Chromium is not installed") }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-chromium-\(UUID().uuidString)")
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                             "--no-first-run", "--no-default-browser-check", "--remote-debugging-port=0",
                             "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)"] + arguments + ["about:blank"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let printed = BrowserOutput()
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            printed.bytes.withLock { $0.append(data) }
        }
        try process.run()
        let clock = ContinuousClock()
        let end = clock.now + .seconds(60)
        var endpoint: String?
        while endpoint == nil, clock.now < end, process.isRunning {
            let text = printed.bytes.withLock { String(decoding: $0, as: UTF8.self) }
            if let range = text.range(of: #"ws://127\.0\.0\.1:[0-9]+/devtools/browser/[A-Za-z0-9-]+"#, options: .regularExpression) {
                endpoint = String(text[range])
            } else {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        guard let endpoint else {
            if process.isRunning { process.terminate() }
            throw Failure("Chromium did not open its DevTools endpoint: \(printed.bytes.withLock { String(decoding: $0, as: UTF8.self) })")
        }
        errors.fileHandleForReading.readabilityHandler = nil
        socket = try WebSocketTestClient(url: endpoint)
        let target = try call("Target.createTarget", ["url": url])
        guard let targetID = target["targetId"] as? String else { throw Failure("no page: \(target)") }
        let attached = try call("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw Failure("not attached: \(attached)") }
        sessionID = session
        _ = try call("Runtime.enable", [:])
    }

    deinit {
        socket.disconnect()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends a DevTools command (to the page once attached) and returns its result.
    @discardableResult
    package func call(_ method: String, _ parameters: [String: Any]) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if !sessionID.isEmpty { message["sessionId"] = sessionID }
        try socket.send(text: String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self))
        while let text = try socket.receive() {
            guard let reply = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                  reply["id"] as? Int == id else { continue }  // events and other sessions' messages
            if let error = reply["error"] { throw Failure("\(method) failed: \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
        throw Failure("Chromium closed the DevTools connection")
    }

    /// Evaluates JavaScript in the page (awaiting a promise) and returns its value.
    package func evaluate(_ expression: String) throws -> Any? {
        let result = try call("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
        if let exception = result["exceptionDetails"] { throw Failure("the page threw: \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits (up to `timeout`) until a JavaScript condition is true in the page.
    package func wait(for condition: String, timeout: Duration = .seconds(60)) throws {
        let clock = ContinuousClock()
        let end = clock.now + timeout
        while clock.now < end {
            // A page still loading (about:blank first) may throw, e.g. on sessionStorage: that is "not yet".
            if try evaluate("(() => { try { return Boolean(\(condition)) } catch (error) { return false } })()") as? Bool == true {
                return
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw Failure("timed out waiting for \(condition); the page says: \(try pageText())")
    }

    /// The text of the conversation as the page shows it.
    package func pageText() throws -> String {
        try evaluate("document.body.innerText") as? String ?? ""
    }

    /// Types into the request box and presses Enter, as a person would.
    package func type(_ text: String) throws {
        _ = try evaluate("document.getElementById('say').focus()")
        try call("Input.insertText", ["text": text])
        for type in ["keyDown", "keyUp"] {
            try call("Input.dispatchKeyEvent", ["type": type, "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13,
                                                "text": "\r"])
        }
    }

    /// Clicks, with the mouse, the last button whose text is `label` inside `scope` (the conversation by default).
    package func click(button label: String, in scope: String = "#log") throws {
        try click(script: "[...document.querySelectorAll(\(Self.quoted(scope + " button")))].filter(b => b.textContent === \(Self.quoted(label)))",
                  describing: label)
    }

    /// Clicks, with the mouse, the first element matching a CSS selector.
    package func click(selector: String) throws {
        try click(script: "[...document.querySelectorAll(\(Self.quoted(selector)))].slice(0, 1)", describing: selector)
    }

    private func click(script candidates: String, describing label: String) throws {
        let script = """
        (() => { const buttons = \(candidates);
          const button = buttons[buttons.length - 1]; if (!button) return null; button.scrollIntoView({block: 'center'});
          const box = button.getBoundingClientRect(); return [box.x + box.width / 2, box.y + box.height / 2]; })()
        """
        guard let point = try evaluate(script) as? [Double], point.count == 2 else {
            throw Failure("no button \(label); the page says: \(try pageText())")
        }
        for type in ["mousePressed", "mouseReleased"] {
            try call("Input.dispatchMouseEvent", ["type": type, "x": point[0], "y": point[1], "button": "left", "clickCount": 1])
        }
    }

    /// Saves a PNG screenshot of the page.
    package func screenshot(to file: URL) throws {
        let result = try call("Page.captureScreenshot", ["format": "png"])
        guard let encoded = result["data"] as? String, let data = Data(base64Encoded: encoded) else {
            throw Failure("no screenshot")
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// A JavaScript string literal.
    package static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}

private final class BrowserOutput: Sendable {
    let bytes = Mutex(Data())
}

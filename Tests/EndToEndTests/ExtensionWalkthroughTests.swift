import Foundation
import TestSupport
import Testing

/// docs/writing-an-extension.md followed from an empty folder: its Package.swift and main.swift as written,
/// a handler, the bundle laid out as it says, `parlance lint`, then a passing `parlance test`.
///
/// The app's package lives in a fixed folder under the temporary directory, beside a `parlance` link to this
/// checkout (the docs' "../parlance"), so that a second run rebuilds only the app: about a minute the first
/// time (Intents and ExtensionRuntime), seconds after. Skipped when SwiftPM cannot resolve Parlance's
/// dependencies (offline, with nothing cached).
@Suite(.waitsBlocking) struct ExtensionWalkthroughTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The first ```swift block of the docs page that contains `marker`, as written.
    static func codeBlock(containing marker: String) throws -> String {
        let page = try String(contentsOf: root.appendingPathComponent("docs/writing-an-extension.md"), encoding: .utf8)
        let blocks = page.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
        return try #require(blocks.first { $0.contains(marker) }, "docs/writing-an-extension.md has no block with \(marker)")
    }

    /// A handler in the shape of the docs' step 2 and 3, without the app's contact book.
    static let handler = """
        import Intents

        final class IntentHandler: INExtension {
            override func handler(for intent: INIntent) -> Any? {
                intent is INSendMessageIntent ? SendMessageHandler() : nil
            }
        }

        final class SendMessageHandler: NSObject, INSendMessageIntentHandling {
            func resolveRecipients(for intent: INSendMessageIntent) async -> [INSendMessageRecipientResolutionResult] {
                guard let recipients = intent.recipients, !recipients.isEmpty else { return [.needsValue()] }
                return recipients.map { .success(with: $0) }
            }

            func resolveContent(for intent: INSendMessageIntent) async -> INStringResolutionResult {
                guard let text = intent.content, !text.isEmpty else { return .needsValue() }
                return .success(with: text)
            }

            func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
                INSendMessageIntentResponse(code: .success, userActivity: nil)
            }
        }

        """

    static let script = """
        test: the new extension sends a message
        apps: MonkeyChat
        > tell Kiki on MonkeyChat that I am late
        < Sent
        = intent INSendMessageIntent
        = code success
        = parameter content I am late

        """

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Unchanged files keep their date, so SwiftPM's second build has nothing to redo.
        if (try? String(contentsOf: url, encoding: .utf8)) == text { return }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    static func plist(_ value: [String: Any], to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0).write(to: url)
    }

    /// Runs `swift ARGUMENTS…` on the app's package.
    static func swift(_ arguments: [String], package: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments + ["--package-path", package.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// `swift build` of the app's extension; nil when SwiftPM could not fetch Parlance's dependencies (a
    /// manifest mistake, such as a wrong package identity, is a failure, not a skip).
    static func build(_ package: URL) throws -> (status: Int32, output: String)? {
        let resolved = try swift(["package", "resolve"], package: package)
        let unreachable = ["Git command", "Failed to clone", "failed to clone", "Could not resolve host", "unable to access",
                           "Couldn't fetch", "Could not fetch", "fatal:"]
        if resolved.status != 0, unreachable.contains(where: resolved.output.contains) { return nil }
        guard resolved.status == 0 else { return resolved }
        return try swift(["build", "--product", "MonkeyChatIntents"], package: package)
    }

    @Test("from an empty folder to a passing parlance test, as docs/writing-an-extension.md tells it")
    func walkthrough() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("parlance-walkthrough" + Self.root.path.replacingOccurrences(of: "/", with: "-"))
        let link = folder.appendingPathComponent("parlance")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != Self.root.path {
            try? FileManager.default.removeItem(at: link)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: Self.root)
        }
        // Step 1 and step 5, as the docs write them.
        let app = folder.appendingPathComponent("MonkeyChat")
        try Self.write(try Self.codeBlock(containing: "let package = Package("), to: app.appendingPathComponent("Package.swift"))
        let main = try Self.codeBlock(containing: "await ExtensionMain.run(IntentHandler())")
        try Self.write(main, to: app.appendingPathComponent("Sources/MonkeyChatIntents/main.swift"))
        try Self.write(Self.handler, to: app.appendingPathComponent("Sources/MonkeyChatIntents/IntentHandler.swift"))

        let started = Date()
        guard let built = try Self.build(app) else {
            try Test.cancel("SwiftPM cannot resolve Parlance's dependencies here (offline, nothing cached): walkthrough skipped")
        }
        #expect(built.status == 0, "swift build of the docs' package failed:\n\(built.output)")
        guard built.status == 0 else { return }
        print("walkthrough: swift build took \(String(format: "%.1f", Date().timeIntervalSince(started))) s")

        // The bundle, laid out as "The app bundle" says, with the built extension inside it.
        let bundle = app.appendingPathComponent("MonkeyChat.app")
        try? FileManager.default.removeItem(at: bundle)
        let appex = bundle.appendingPathComponent("PlugIns/MonkeyChatIntents.appex")
        try Self.plist(["CFBundleIdentifier": "com.example.monkeychat", "CFBundleDisplayName": "MonkeyChat",
                        "NSSiriUsageDescription": "MonkeyChat sends your messages."],
                       to: bundle.appendingPathComponent("Info.plist"))
        try Self.plist(["IntentPhrases": [["IntentName": "INSendMessageIntent",
                                           "IntentExamples": ["Tell Kiki on MonkeyChat that I am late"]]]],
                       to: bundle.appendingPathComponent("en.lproj/AppIntentVocabulary.plist"))
        try Self.plist(["CFBundleIdentifier": "com.example.monkeychat.intents", "CFBundleExecutable": "MonkeyChatIntents",
                        "NSExtension": ["NSExtensionPointIdentifier": "com.apple.intents-service",
                                        "NSExtensionAttributes": ["IntentsSupported": ["INSendMessageIntent"]]]],
                       to: appex.appendingPathComponent("Info.plist"))
        try FileManager.default.copyItem(at: app.appendingPathComponent(".build/debug/MonkeyChatIntents"),
                                         to: appex.appendingPathComponent("MonkeyChatIntents"))

        let cli = CommandRunner()
        defer { cli.remove() }
        let lint = try cli.run(["lint", bundle.path])
        #expect(lint.status == 0, "\(lint.stdout)\n\(lint.stderr)")
        #expect(lint.stdout.hasSuffix("examples: 1 of 1 work (en)\n0 errors, 0 warnings\n"), "\(lint.stdout)")

        let script = app.appendingPathComponent("monkeychat.conv")
        try Self.write(Self.script, to: script)
        let test = try cli.run(["test", "--app", bundle.path, script.path])
        #expect(test.status == 0, "\(test.stdout)\n\(test.stderr)")
        #expect(test.stdout == "✓ the new extension sends a message\n1 passed, 0 failed\n", "\(test.stdout)")
    }
}

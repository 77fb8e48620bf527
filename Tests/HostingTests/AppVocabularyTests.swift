import Foundation
import Intents
import ParlanceHosting
import ParlanceStore
import TestSupport
import Testing

/// INVocabulary in an app's own process reaches the assistant's store through the home's inbox.
@Suite struct AppVocabularyTests {
    static func runApp(_ arguments: [String], home: URL, app: String = "com.example.monkeychat") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestProducts.path("parlance-test-extension"))
        process.arguments = ["app-vocabulary"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PARLANCE_HOME"] = home.path
        environment["PARLANCE_APP_IDENTIFIER"] = app
        environment["PARLANCE_EXTENSION_PROCESS"] = nil
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    static func temporaryHome() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("parlance-vocab-\(UUID().uuidString)")
    }

    @Test(.waitsBlocking) func anAppsUpdatesAndDeletionsAreSeenByTheNextRead() throws {
        let home = Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let store = try AssistantStore.open(home: home)  // a running assistant, opened before the app acts
        #expect(try Self.runApp(["contactName", "Bobo", "Bobo the Great", "Kiki"], home: home).isEmpty)
        #expect(try store.vocabulary(app: "com.example.monkeychat").map(\.phrase) == ["Bobo", "Bobo the Great", "Kiki"])
        _ = try Self.runApp(["contactName", "Kiki"], home: home)
        #expect(try store.vocabulary().map(\.phrase) == ["Kiki"], "a deleted name is gone at the next read")
        _ = try Self.runApp(["clear"], home: home)
        #expect(try store.vocabulary().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("inbox/vocabulary").path).isEmpty)
    }

    /// The inbox is listed only when its folder changed since a listing long enough ago to trust its time
    /// (`FolderStamp`); an update that comes after such a quiet spell is still seen at the next read.
    @Test(.waitsBlocking) func anUpdateAfterAQuietInboxIsSeenByTheNextRead() throws {
        let home = Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let store = try AssistantStore.open(home: home)
        #expect(try Self.runApp(["contactName", "Bobo"], home: home).isEmpty)
        #expect(try store.vocabulary().map(\.phrase) == ["Bobo"])
        let inbox = home.appendingPathComponent("inbox/vocabulary")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: inbox.path)
        #expect(try store.vocabulary().map(\.phrase) == ["Bobo"])  // the quiet folder's stamp is trusted from here on
        _ = try Self.runApp(["contactName", "Kiki"], home: home)
        #expect(try store.vocabulary().map(\.phrase) == ["Kiki"])
    }

    @Test(.waitsBlocking) func aRefusedUpdateIsReportedToTheAppAndNotSaved() throws {
        let home = Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let stderr = try Self.runApp(["contactName", "Bobo", "bobo@example.com"], home: home)
        #expect(stderr.contains("'bobo@example.com' looks like a phone number or an e-mail address"))
        #expect(try AssistantStore.open(home: home).vocabulary().isEmpty)
    }

    @Test(.waitsBlocking) func twoAppsWritingAtOnceLoseNothing() async throws {
        let home = Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        async let chat = Task.detached { try Self.runApp(["burst", "contactName", "40"], home: home, app: "com.example.chat") }.value
        async let fit = Task.detached { try Self.runApp(["burst", "workoutActivityName", "40"], home: home, app: "com.example.fit") }.value
        _ = try await (chat, fit)
        let entries = try AssistantStore.open(home: home).vocabulary()
        #expect(entries.count == 2)
        #expect(entries.allSatisfy { $0.phrase.hasSuffix(" number 40") }, "the last update of each app wins: \(entries.map(\.phrase))")
    }

    @Test func anExtensionCannotSetVocabulary() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("vocabulary-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let activity = ExtensionActivityLog(home: home)
        let host = ExtensionHost(activity: activity)
        let endpoint = TestProducts.testExtension(["vocabulary", "resolve"])
        _ = try await host.resolve(["recipients"], of: ExtensionHostTests.message(to: ["Kiki"]), in: endpoint)
        await host.shutdown()
        // What the SDK says on the extension's stderr is in its app's activity log (only there).
        #expect(activity.entries(of: endpoint.appIdentifier).contains {
            $0.event == "stderr" && $0.detail?.contains("INVocabulary is not available in an app extension") == true
        })
    }
}

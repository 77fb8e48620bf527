import Foundation
import Intents
import ParlanceCore
import ParlanceStore
import TestSupport
import Testing

/// A permission is bound to the code it was given for: an extension edited in place after the user allowed
/// it is asked about again, and nothing else the assistant kept for the app is lost.
@Suite struct PermissionCodeTests {
    private static func editInPlace(_ app: URL) throws {
        let executable = app.appendingPathComponent("PlugIns/ChatterboxIntents.appex/ChatterboxIntents")
        let handle = try FileHandle(forWritingTo: executable)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("# and something else now\n".utf8))
        try handle.close()
    }

    @Test func anExtensionEditedAfterItWasAllowedIsAskedAboutAgain() throws {
        let fixture = try BundleFixture()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("permission-code-\(UUID().uuidString)")
        defer { fixture.remove(); try? FileManager.default.removeItem(at: home) }
        let folder = try fixture.chatterbox()
        let store = try AssistantStore.open(home: home)
        try store.install(try BundleLoader.load(folder.path).app)
        try store.setPermission(.allowed, for: "com.example.chatterbox")
        _ = try store.replaceVocabulary(["Kiki"], type: .contactName, app: "com.example.chatterbox")
        #expect(try store.app("com.example.chatterbox")?.permission == .allowed)

        try Self.editInPlace(folder)
        let changed = try #require(try store.app("com.example.chatterbox"))
        #expect(changed.permission == .notDetermined && changed.codeChangedSinceAllowed)
        #expect(try store.apps().first?.permission == .notDetermined, "the list says so too")
        let reopened = try AssistantStore.open(home: home)
        #expect(try reopened.app("com.example.chatterbox")?.permission == .notDetermined, "another assistant on the home too")
        #expect(try store.vocabulary(app: "com.example.chatterbox").map(\.phrase) == ["Kiki"], "the vocabulary stays")

        try store.setPermission(.allowed, for: "com.example.chatterbox")  // the user says yes again, to this code
        let allowed = try #require(try store.app("com.example.chatterbox"))
        #expect(allowed.permission == .allowed && !allowed.codeChangedSinceAllowed)
        #expect(try reopened.app("com.example.chatterbox")?.permission == .allowed)
    }

    @Test func aDenialStaysADenialWhateverTheCode() throws {
        let fixture = try BundleFixture()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("permission-code-\(UUID().uuidString)")
        defer { fixture.remove(); try? FileManager.default.removeItem(at: home) }
        let folder = try fixture.chatterbox()
        let store = try AssistantStore.open(home: home)
        try store.install(try BundleLoader.load(folder.path).app)
        try store.setPermission(.denied, for: "com.example.chatterbox")
        try Self.editInPlace(folder)
        #expect(try store.app("com.example.chatterbox")?.permission == .denied)
    }
}

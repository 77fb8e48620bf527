import Foundation
import ParlanceCore
import ParlanceStore
import TestSupport
import Testing

/// "Always" to "Open MonkeyChat to finish this?" is kept per app in the store: durable across restarts,
/// bound to the app's code, taken back on request, and gone with the app.
@Suite struct HandOffConsentStoreTests {
    static func app(_ identifier: String = "com.example.chat", fingerprint: String? = "code-1") -> AppBundle {
        AppBundle(identifier: identifier, displayName: "MonkeyChat", path: "/apps/\(identifier).app", extensions: [],
                  launchCommand: ["MonkeyChat"], codeFingerprint: fingerprint)
    }

    @Test func alwaysSurvivesARestartAndCanBeTakenBack() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("handoff-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        do {
            let store = try AssistantStore.open(home: home)
            try store.install(Self.app())
            try store.install(Self.app("com.example.other"))
            #expect(try store.opensWithoutAsking("com.example.chat") == false)
            try store.setOpensWithoutAsking(true, for: "com.example.chat")
        }
        let reopened = try AssistantStore.open(home: home)
        #expect(try reopened.opensWithoutAsking("com.example.chat"))
        #expect(try reopened.opensWithoutAsking("com.example.other") == false, "per app")
        #expect(try reopened.appsOpenedWithoutAsking() == ["com.example.chat"])
        try reopened.setOpensWithoutAsking(false, for: "com.example.chat")
        #expect(try AssistantStore.open(home: home).opensWithoutAsking("com.example.chat") == false)
    }

    @Test func changedCodeIsAskedAboutAgainAndTheSameCodeIsNot() throws {
        let store = try AssistantStore.inMemory()
        try store.install(Self.app())
        try store.setOpensWithoutAsking(true, for: "com.example.chat")
        try store.install(Self.app())
        #expect(try store.opensWithoutAsking("com.example.chat"))
        try store.install(Self.app(fingerprint: "code-2"))
        #expect(try store.opensWithoutAsking("com.example.chat") == false)
        #expect(try store.appsOpenedWithoutAsking().isEmpty)
        try store.setOpensWithoutAsking(true, for: "com.example.chat")
        #expect(try store.opensWithoutAsking("com.example.chat"))
    }

    @Test func removingTheAppForgetsItAndAnUnknownAppIsRefused() throws {
        let store = try AssistantStore.inMemory()
        try store.install(Self.app())
        try store.setOpensWithoutAsking(true, for: "com.example.chat")
        try store.remove("com.example.chat")
        try store.install(Self.app())
        #expect(try store.opensWithoutAsking("com.example.chat") == false, "a reinstalled app is asked about")
        #expect(try store.opensWithoutAsking("com.example.none") == false)
        #expect(throws: StoreError.self) { try store.setOpensWithoutAsking(true, for: "com.example.chta") }
    }
}

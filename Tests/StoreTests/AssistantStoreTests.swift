import Foundation
import ParlanceCore
import ParlanceStore
import Testing

@Suite struct AssistantStoreTests {
    static func app(_ identifier: String = "com.example.chatterbox", name: String = "Chatterbox") -> AppBundle {
        AppBundle(identifier: identifier, displayName: name, spokenName: nil, localizedDisplayNames: [:],
                  alternativeNames: [], usageDescription: nil, localizedUsageDescriptions: [:], userActivityTypes: [],
                  path: "/apps/\(name).app", extensions: [], vocabularies: [:])
    }

    @Test func installingTwiceUpdatesAndKeepsThePermission() throws {
        let store = try AssistantStore.inMemory()
        #expect(try store.install(Self.app()) == .installed)
        try store.setPermission(.allowed, for: "com.example.chatterbox")
        var renamed = Self.app()
        renamed.displayName = "Chatterbox 2"
        #expect(try store.install(renamed) == .updated)
        let installed = try #require(try store.app("com.example.chatterbox"))
        #expect(installed.bundle.displayName == "Chatterbox 2")
        #expect(installed.permission == .allowed)
        #expect(installed.updatedAt >= installed.installedAt)
    }

    @Test func removingAnAppRemovesItsPermission() throws {
        let store = try AssistantStore.inMemory()
        try store.install(Self.app())
        try store.setPermission(.denied, for: "com.example.chatterbox")
        try store.remove("com.example.chatterbox")
        #expect(try store.apps().isEmpty)
        try store.install(Self.app())
        #expect(try store.app("com.example.chatterbox")?.permission == .notDetermined, "a reinstall starts over")
    }

    @Test func unknownAppsGetADidYouMean() throws {
        let store = try AssistantStore.inMemory()
        try store.install(Self.app())
        let error = try #require(throws: StoreError.self) { try store.setPermission(.allowed, for: "com.example.chaterbox") }
        #expect(error.kind == .appNotInstalled)
        #expect(error.message == "no app 'com.example.chaterbox' is installed; did you mean 'com.example.chatterbox'?")
        #expect(throws: StoreError.self) { try store.remove("nothing") }
    }

    @Test func stateSurvivesReopeningTheHome() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        do {
            let store = try AssistantStore.open(home: home)
            try store.install(Self.app())
            try store.install(Self.app("com.example.alpha", name: "alpha"))
            try store.setPermission(.allowed, for: "com.example.alpha")
        }
        let reopened = try AssistantStore.open(home: home)
        #expect(try reopened.apps().map(\.bundle.displayName) == ["alpha", "Chatterbox"])
        #expect(try reopened.app("com.example.alpha")?.permission == .allowed)
    }

    @Test func homeResolution() {
        #expect(ParlanceHome.resolve(explicit: "/a", environment: ["PARLANCE_HOME": "/b"]).path == "/a")
        #expect(ParlanceHome.resolve(environment: ["PARLANCE_HOME": "/b", "XDG_DATA_HOME": "/c"]).path == "/b")
        #expect(ParlanceHome.resolve(environment: ["XDG_DATA_HOME": "/c", "HOME": "/h"]).path == "/c/parlance")
        #expect(ParlanceHome.resolve(environment: ["HOME": "/h"]).path == "/h/.local/share/parlance")
    }
}

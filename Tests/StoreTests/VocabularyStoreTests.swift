import Foundation
import Intents
import ParlanceCore
import ParlanceStore
import Testing

@Suite struct VocabularyStoreTests {
    static let chat = "com.example.monkeychat"
    static let fit = "com.example.monkeyfit"

    @Test func replaceKeepsOrderDropsDuplicatesAndClears() throws {
        let store = try AssistantStore.inMemory()
        let long = String(repeating: "a", count: 513)
        #expect(try store.replaceVocabulary(["Bobo", " Kiki ", "", "Bobo", long, "Zazu"], type: .contactName, app: Self.chat)
            == ["Bobo", "Kiki", "Zazu"])
        try store.replaceVocabulary(["Zazu", "Bobo"], type: .contactName, app: Self.chat)
        #expect(try store.vocabulary(app: Self.chat).map(\.phrase) == ["Zazu", "Bobo"], "a replace reorders")
        try store.replaceVocabulary(["Best pals"], type: .contactGroupName, app: Self.chat)
        try store.replaceVocabulary([], type: .contactName, app: Self.chat)
        #expect(try store.vocabulary(app: Self.chat).map(\.phrase) == ["Best pals"], "only that type was replaced")
        try store.removeAllVocabulary(app: Self.chat)
        #expect(try store.vocabulary().isEmpty)
    }

    @Test func appsAreIsolated() throws {
        let store = try AssistantStore.inMemory()
        try store.replaceVocabulary(["Bobo"], type: .contactName, app: Self.chat)
        try store.replaceVocabulary(["Bananarific"], type: .workoutActivityName, app: Self.fit)
        try store.removeAllVocabulary(app: Self.fit)
        #expect(try store.vocabulary().map(\.phrase) == ["Bobo"])
        #expect(try store.vocabulary(app: Self.fit).isEmpty)
        #expect(try store.vocabulary(type: .contactName).map(\.appIdentifier) == [Self.chat])
    }

    @Test(arguments: ["+1 (555) 010-9999", "bobo@example.com", "0171 2345678"])
    func phoneNumbersAndEmailAddressesAreRefused(_ string: String) throws {
        let store = try AssistantStore.inMemory()
        try store.replaceVocabulary(["Bobo"], type: .contactName, app: Self.chat)
        let error = try #require(throws: StoreError.self) {
            try store.replaceVocabulary(["Kiki", string], type: .contactName, app: Self.chat)
        }
        #expect(error.kind == .refusedVocabulary)
        #expect(error.message.contains("looks like a phone number or an e-mail address"))
        #expect(try store.vocabulary().map(\.phrase) == ["Bobo"], "a refused update changes nothing")
    }

    @Test(arguments: ["Bo\u{0}bo", "Ki\u{1B}[31mki"])
    func namesWithControlCharactersAreRefused(_ string: String) throws {
        let store = try AssistantStore.inMemory()
        try store.replaceVocabulary(["Bobo"], type: .contactName, app: Self.chat)
        let error = try #require(throws: StoreError.self) {
            try store.replaceVocabulary(["Kiki", string], type: .contactName, app: Self.chat)
        }
        #expect(error.kind == .refusedVocabulary)
        #expect(error.message.contains("has a control character"))
        #expect(!error.message.contains("\u{0}") && !error.message.contains("\u{1B}"), "the message shows the character, not sends it")
        #expect(try store.vocabulary().map(\.phrase) == ["Bobo"], "a refused update changes nothing")
    }

    @Test func removingAnAppRemovesItsVocabularyAndEveryChangeMovesTheGeneration() throws {
        let store = try AssistantStore.inMemory()
        try store.install(AppBundle(identifier: Self.chat, displayName: "MonkeyChat", path: "/apps/MonkeyChat.app"))
        let start = try store.vocabularyGeneration()
        try store.replaceVocabulary(["Bobo"], type: .contactName, app: Self.chat)
        #expect(try store.vocabularyGeneration() == start + 1)
        try store.remove(Self.chat)
        #expect(try store.vocabulary().isEmpty)
        #expect(try store.vocabularyGeneration() == start + 2)
    }
}

import Foundation
import Intents
import ParlanceCore
import ParlanceStore
import ParlanceUnderstanding
import TestSupport
import Testing

@Suite(.computesAtLength) struct VocabularyIndexTests {
    static func fit() -> AppBundle {
        let vocabulary = AppIntentVocabulary(parameterVocabularies: [ParameterVocabulary(
            parameterNames: ["INStartWorkoutIntent.workoutName", "INEndWorkoutIntent.workoutName"],
            items: [VocabularyItem(identifier: "bananarific", synonyms: [
                VocabularySynonym(phrase: "Bananarific", pronunciation: "ba nana ri fic"),
                VocabularySynonym(phrase: "Banana Blast")])])])
        return AppBundle(identifier: "com.example.monkeyfit", displayName: "MonkeyFit", path: "/apps/MonkeyFit.app",
                         vocabularies: ["en": vocabulary, "de": AppIntentVocabulary()])
    }

    static func chat() -> AppBundle {
        AppBundle(identifier: "com.example.monkeychat", displayName: "MonkeyChat", path: "/apps/MonkeyChat.app")
    }

    @Test func appVocabularyWithPronunciationsAndUserVocabularyPerApp() throws {
        let store = try AssistantStore.inMemory()
        try store.install(Self.fit())
        try store.install(Self.chat())
        try store.replaceVocabulary(["Bobo", "Bobo the Great"], type: .contactName, app: "com.example.monkeychat")
        try store.replaceVocabulary(["Morning Jog"], type: .workoutActivityName, app: "com.example.monkeyfit")
        let gazetteers = try VocabularyIndex(store: store).gazetteers(language: "en-US")

        let fit = try #require(gazetteers["com.example.monkeyfit"])
        let workout = fit.entries(for: "INStartWorkoutIntent.workoutName")
        #expect(workout.map(\.phrase) == ["Bananarific", "Banana Blast", "Morning Jog"])
        #expect(workout[0].spellings == ["Bananarific", "ba nana ri fic"])
        #expect(workout[0].identifier == "bananarific" && workout[1].identifier == "bananarific")
        #expect(workout[2].source == .user(.workoutActivityName))
        #expect(fit.entries(for: "INSendMessageIntent.recipients").isEmpty, "Bobo belongs to MonkeyChat only")

        let chat = try #require(gazetteers["com.example.monkeychat"])
        #expect(chat.entries(for: "INSendMessageIntent.recipients").map(\.phrase) == ["Bobo", "Bobo the Great"])
        #expect(chat.entries(for: "INStartAudioCallIntent.contacts").map(\.rank) == [0, 1])
    }

    @Test func aDeletionIsGoneFromTheNextLookup() throws {
        let store = try AssistantStore.inMemory()
        try store.install(Self.chat())
        let index = VocabularyIndex(store: store)
        try store.replaceVocabulary(["Bobo", "Kiki"], type: .contactName, app: "com.example.monkeychat")
        #expect(try index.gazetteers(language: "en")["com.example.monkeychat"]?.entries.map(\.phrase) == ["Bobo", "Kiki"])
        try store.replaceVocabulary(["Kiki"], type: .contactName, app: "com.example.monkeychat")
        #expect(try index.gazetteers(language: "en")["com.example.monkeychat"]?.entries.map(\.phrase) == ["Kiki"])
        try store.remove("com.example.monkeychat")
        #expect(try index.gazetteers(language: "en").isEmpty)
    }

    @Test func theLanguagesVocabularyFileIsUsed() throws {
        let store = try AssistantStore.inMemory()
        try store.install(Self.fit())
        let german = try VocabularyIndex(store: store).gazetteers(language: "de-DE")
        #expect(german["com.example.monkeyfit"]?.entries.isEmpty == true, "de.lproj has no parameter vocabulary")
    }
}

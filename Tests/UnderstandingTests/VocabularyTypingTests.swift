import Foundation
import Intents
import ParlanceCore
import ParlanceUnderstanding
import Testing

/// Slots typed by vocabulary first: a phrase given as vocabulary of a type fills a property of that type
/// in every language, and relations are people with no possessive in front.
extension UnderstandingTests {
    @Suite struct VocabularyTypingTests {
        /// The models' vocabulary-kind features use each type's case name; they were once the described
        /// value, and the names must be the same strings, or cached and trained models would disagree.
        @Test func vocabularyKindsAreTheTypesCaseNames() {
            let differing = INVocabularyStringType.allCases.filter { $0.caseName != "\($0)" }
            #expect(differing.isEmpty)
        }

        @Test(arguments: [
            ("en", "show photos from Summer in Rome in Pixbox"),
            ("de", "Zeig mir Fotos von Summer in Rome in Pixbox"),
            ("it", "Mostrami le foto di Summer in Rome su Pixbox"),
            ("fr", "Montre les photos de Summer in Rome dans Pixbox"),
            ("zh", "在Pixbox给我看Summer in Rome的照片"),
            ("ja", "PixboxでSummer in Romeの写真を見せて"),
        ])
        func anAlbumTheUserGaveIsAnAlbumNotAPerson(_ language: String, _ text: String) throws {
            let result = try AnswerTests.shared.get().understand(text, language: language)
            #expect(result.intent == "INSearchForPhotosIntent")
            #expect(result.parameters["albumName"] == .string("Summer in Rome"), "\(result.parameters)")
            #expect(result.parameters["peopleInPhoto"] == nil)
        }

        @Test(arguments: [
            ("en", "send a message to the Banana Club on Chatterly saying hi"),
            ("it", "Manda un messaggio al Banana Club su Chatterly: ciao"),
            ("fr", "Envoie un message au Banana Club sur Chatterly : salut"),
            ("ja", "ChatterlyでBanana Clubにこんにちはと送って"),
        ])
        func aContactGroupIsTheGroupNotARecipient(_ language: String, _ text: String) throws {
            let result = try AnswerTests.shared.get().understand(text, language: language)
            #expect(result.intent == "INSendMessageIntent")
            #expect(result.parameters["speakableGroupName"]?.objectValue?["spokenPhrase"] == .string("Banana Club"),
                    "\(result.parameters)")
            // French: "salut" after " : " is read as a lower-case name since training reads lower-case names
            // (a known regression, docs/history.md › Still missing).
            withKnownIssue("a greeting after a French colon is taken for a lower-case name", isIntermittent: true) {
                #expect(result.parameters["recipients"] == nil)
                #expect(result.parameters["content"] != nil)
            } when: { language == "fr" }
        }

        @Test(arguments: [
            ("en", "call my sister on Ringo", "sister"),
            ("de", "Ruf meine Mutter mit Ringo an", "Mutter"),
            ("it", "Chiama mia sorella con Ringo", "sorella"),
            ("fr", "Appelle ma sœur avec Ringo", "sœur"),
            ("zh", "用Ringo给我妈妈打电话", "妈妈"),
            ("ja", "Ringoで母に電話して", "母"),
        ])
        func relationsArePeopleWithoutTheirPossessive(_ language: String, _ text: String, _ person: String) throws {
            let result = try AnswerTests.shared.get().understand(text, language: language)
            #expect(result.intent == "INStartCallIntent")
            #expect(result.parameters["contacts"] == .array([.object(["displayName": .string(person)])]), "\(result.parameters)")
        }

        @Test func aRelationInsideAMessageIsTheMessagesWord() throws {
            let result = try AnswerTests.shared.get().understand("send a message to Kiki saying my mom is here", language: "en")
            #expect(result.parameters["content"] == .string("my mom is here"))
            #expect(result.parameters["recipients"] == .array([.object(["displayName": .string("Kiki")])]))
        }

        @Test func aPhotoTagIsASearchWordNotAPerson() throws {
            let result = try AnswerTests.shared.get().understand("find photos of sunset in Pixbox", language: "en")
            #expect(result.parameters["searchTerms"] == .array([.string("sunset")]), "\(result.parameters)")
            #expect(result.parameters["peopleInPhoto"] == nil)
        }

        @Test(arguments: [
            ("de", "buch einen Hopp XL von der Bibliothek zum Hafen"),
            ("it", "prenota un Hopp XL dalla biblioteca al porto"),
            ("ja", "図書館から港までHopp XLを呼んで"),
        ])
        func aRideOptionTheAppGaveIsTheOptionWhereverItStands(_ language: String, _ text: String) throws {
            let result = try AnswerTests.shared.get().understand(text, language: language)
            #expect(result.intent == "INRequestRideIntent")
            #expect(result.parameters["rideOptionName"]?.objectValue?["vocabularyIdentifier"] == .string("hopp-xl"),
                    "\(result.parameters)")
        }

        @Test func wordsAroundAKnownNameAreNotTheName() throws {
            let result = try AnswerTests.shared.get().understand("hat mir Tamsin O'Hara gestern auf Chatterly geschrieben",
                                                                  language: "de")
            #expect(result.intent == "INSearchForMessagesIntent")
            #expect(result.parameters["senders"] == .array([.object(["displayName": .string("Tamsin O'Hara")])]),
                    "\(result.parameters)")
        }

        /// Common kinds of workout are workout names in every language, with or without the app's vocabulary.
        @Test(arguments: [
            ("en", "pause the swim on Pacer", "swim"),
            ("de", "starte ein Schwimmen mit Pacer", "Schwimmen"),
            ("fr", "commence une séance de natation avec Pacer", "natation"),
            ("it", "inizia una sessione di nuoto con Pacer", "nuoto"),
            ("ja", "Pacerで水泳を始めて", "水泳"),
            ("zh", "用Pacer开始游泳", "游泳"),
        ])
        func aCommonKindOfWorkoutIsTheWorkoutsName(_ language: String, _ text: String, _ name: String) throws {
            let result = try AnswerTests.shared.get().understand(text, language: language)
            #expect(result.parameters["workoutName"]?.objectValue?["spokenPhrase"] == .string(name), "\(result.parameters)")
        }

        @Test func whereAWorkoutTakesPlaceIsNoPartOfItsName() throws {
            let result = try AnswerTests.shared.get().understand("start an indoor cycle with Pacer", language: "en")
            #expect(result.parameters["workoutName"]?.objectValue?["spokenPhrase"] == .string("cycle"), "\(result.parameters)")
            #expect(result.parameters["workoutLocationType"] == .string("indoor"))
        }
    }
}

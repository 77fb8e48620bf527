import ParlanceCore
import ParlancePresentation
import Testing

/// The words of cards in the six languages: the app choice is titled as a question, and the system's English
/// "Current Location" for where the user is reads in the user's language.
struct LocalizedCardTests {
    static let context = ConversationPresenter.Context(app: "the app", intent: "INRequestRideIntent", parameters: [:],
                                                       appWasNamed: false)

    @Test("the app choice card has a title of its own", arguments: [
        ("en", "Choose an app"), ("de", "App auswählen"), ("fr", "Choisir une appli"), ("it", "Scegli un'app"),
        ("ja", "アプリを選択"), ("zh", "选择应用"),
    ])
    func chooseAppTitle(language: String, title: String) {
        let presenter = ConversationPresenter(mode: .visual, language: language)
        var context = Self.context
        context.app = presenter.unnamedApp
        for names in [["GorillaCab", "MonkeyRide"], ["MonkeyFit"]] {
            let turn = presenter.question(.chooseApp(names: names), repeated: false, context: context)
            #expect(turn.card?.title == title)
            #expect(turn.card?.options == names)
        }
        let other = presenter.question(.unlock, repeated: false, context: Self.context)
        #expect(other.card?.title == "the app", "other questions keep the app's name")
    }

    @Test("the pickup named Current Location is said in the user's language", arguments: [
        ("en", "Current Location"), ("de", "Aktueller Standort"), ("fr", "Position actuelle"), ("it", "Posizione attuale"),
        ("ja", "現在地"), ("zh", "当前位置"),
    ])
    func currentLocation(language: String, words: String) {
        let place: JSONValue = .object(["name": .string("Current Location"),
                                        "location": .object(["latitude": .number(52.5), "longitude": .number(13.4)])])
        #expect(ValueText.describe(place, language: language) == words)
        #expect(ValueText.describe(.object(["name": .string("current location")]), language: language) == words)
        #expect(ValueText.describe(.object(["name": .string("Central Station")]), language: language) == "Central Station")
        // Only a place's name: a person who happens to be called so keeps the name.
        #expect(ValueText.describe(.object(["displayName": .string("Current Location")]), language: language) == "Current Location")
        let presenter = ConversationPresenter(mode: .visual, language: language)
        var context = Self.context
        context.app = "GorillaCab"
        context.parameters = ["pickupLocation": place, "dropOffLocation": .object(["name": .string("Central Station")])]
        let turn = presenter.question(.confirmIntent(confirmResponse: nil), repeated: false, context: context)
        #expect(turn.card?.rows.contains { $0.value == words } == true, "\(turn.card?.rows ?? [])")
    }
}

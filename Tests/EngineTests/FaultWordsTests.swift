import ParlancePresentation
import Testing

/// An extension's failure is told in plain words of the user's language, never with what the extension
/// or the protocol said (that goes to the activity log).
@Suite struct FaultWordsTests {
    static let kinds = ["launchFailed", "exitedAtStart", "startTimedOut", "incompatibleVersion", "crashed",
                        "deadlineExceeded", "malformedMessage", "oversizedMessage", "methodNotFound", "extensionError",
                        "backingOff", "notReading", "stopped", "notSent", "protocolViolation", "whatever"]

    @Test(arguments: ["en", "de", "fr", "it", "ja", "zh"])
    func everyKindHasPlainWords(language: String) {
        let presenter = ConversationPresenter(mode: .visual, language: language)
        for kind in Self.kinds {
            let words = presenter.faultWords(kind)
            #expect(!words.isEmpty)
            #expect(!words.contains(kind), "\(language) \(kind): \(words)")
        }
    }

    @Test func theNoticeCarriesNoExtensionText() {
        let presenter = ConversationPresenter(mode: .visual, language: "de")
        let turn = presenter.notice(.extensionFailed(app: "MonkeyChat", reason: presenter.faultWords("malformedMessage")))
        #expect(turn.speech.contains("MonkeyChat"))
        #expect(!turn.speech.contains("malformed"))
        #expect(!turn.speech.contains("JSON"))
    }
}

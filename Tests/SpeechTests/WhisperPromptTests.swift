import ParlanceWhisper
import Testing

/// What Whisper is primed with: the names, once each, within the budget.
@Suite struct WhisperPromptTests {
    @Test("the names once each, in order, spaces tidied")
    func names() {
        #expect(WhisperPrompt(names: ["MonkeyChat", "Monkey  Chat", "monkeychat", "Anna"]).text == "MonkeyChat, Monkey Chat, Anna.")
        #expect(WhisperPrompt(names: []).text == nil)
        #expect(WhisperPrompt(names: ["  "]).text == nil)
    }

    @Test("the names stop at the budget, and characters beyond Latin script cost more")
    func budget() throws {
        let latin = try #require(WhisperPrompt(names: (1...200).map { "Contact Number \($0)" }).text)
        #expect(latin.count <= WhisperPrompt.budget)
        #expect(latin.contains("Contact Number 1,") && !latin.contains("Contact Number 200"))
        let chinese = try #require(WhisperPrompt(names: (1...200).map { "联系人\($0)号" }).text)
        #expect(chinese.count < WhisperPrompt.budget / 2)
    }

    @Test("the digest follows the names: new names restart the service")
    func digest() {
        #expect(WhisperPrompt(names: ["Kiki", "Coco"]).digest != WhisperPrompt(names: ["Kiki"]).digest)
        #expect(WhisperPrompt(names: ["Kiki"]).digest == WhisperPrompt(names: ["Kiki"]).digest)
    }
}

import ParlanceWhisper
import Testing

/// What Whisper is primed with: the apps' example requests in the conversation's language, then the names,
/// each part within its budget.
@Suite struct WhisperPromptTests {
    @Test("examples come first as sentences, then the names once each")
    func examplesThenNames() {
        let prompt = WhisperPrompt(examples: ["Send a MonkeyChat message to Bobo", "Pay Bobo 20 dollars with MonkeyPay."],
                                   names: ["MonkeyChat", "Monkey  Chat", "monkeychat", "Anna"])
        #expect(prompt.text == "Send a MonkeyChat message to Bobo. Pay Bobo 20 dollars with MonkeyPay. "
                + "MonkeyChat, Monkey Chat, Anna.")
    }

    @Test("a Japanese or Chinese example ends with an ideographic stop")
    func ideographicStop() {
        #expect(WhisperPrompt(examples: ["ボボにメッセージを送って"], names: []).text == "ボボにメッセージを送って。")
        #expect(WhisperPrompt(examples: ["给小明发消息"], names: ["小明"]).text == "给小明发消息。 小明.")
    }

    @Test("no examples and no names is no prompt; names alone are as before")
    func empty() {
        #expect(WhisperPrompt(examples: [], names: []).text == nil)
        #expect(WhisperPrompt(examples: ["  "], names: []).text == nil)
        #expect(WhisperPrompt(names: ["Kiki", "Coco"]).text == "Kiki, Coco.")
    }

    @Test("each part stops at its budget, and characters beyond Latin script cost more")
    func budgets() throws {
        let examples = (1...40).map { "Send message number \($0) to Bobo with MonkeyChat" }
        let names = (1...200).map { "Contact Number \($0)" }
        let text = try #require(WhisperPrompt(examples: examples, names: names).text)
        let sentences = text.split(separator: ".").filter { $0.contains("MonkeyChat") }
        #expect(sentences.count > 1 && sentences.count < 10)
        #expect(text.count <= WhisperPrompt.exampleBudget + WhisperPrompt.budget + 2)
        #expect(text.contains("Contact Number 1,") && !text.contains("Contact Number 200"))
        let chinese = try #require(WhisperPrompt(examples: [], names: (1...200).map { "联系人\($0)号" }).text)
        #expect(chinese.count < WhisperPrompt.budget / 2)
    }

    @Test("the digest follows the examples too: new examples restart the service")
    func digest() {
        let names = ["Kiki"]
        #expect(WhisperPrompt(examples: ["Call Kiki"], names: names).digest != WhisperPrompt(names: names).digest)
        #expect(WhisperPrompt(examples: ["Call Kiki"], names: names).digest == WhisperPrompt(examples: ["Call Kiki"], names: names).digest)
    }
}

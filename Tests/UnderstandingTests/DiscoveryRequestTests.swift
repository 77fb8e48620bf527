import ParlanceUnderstanding
import Testing

/// "What can you do?" in its written variants, and requests that only look like it.
@Suite struct DiscoveryRequestTests {
    @Test(arguments: ["What can you do?", "what can you do", "  What  can you DO ?! ", "Help", "help!",
                      "Qu'est-ce que tu sais faire ?", "qu’est-ce que tu peux faire", "Was kannst du?", "Cosa sai fare?",
                      "你能做什么？", "何ができますか？", "ヘルプ", "aide-moi"])
    func asks(_ text: String) {
        #expect(DiscoveryRequest.matches(text))
    }

    @Test(arguments: ["", "?", "help me pay Bobo", "what can you do with MonkeyChat", "send help to Bobo",
                      "helpful", "你能做什么吗"])
    func doesNotAsk(_ text: String) {
        #expect(!DiscoveryRequest.matches(text))
    }
}

import Foundation

/// Recognises "what can you do?" and its variants: the request for discovery.
public enum DiscoveryRequest {
    private static let phrases: Set<String> = [
        "what can you do", "what can i say", "what can i ask", "what can i ask you", "help", "what do you do",
        "what are you able to do", "what can you help with", "what can you help me with", "what can i do",
        "what do you know", "what apps can you use", "show me what you can do", "what can you do for me",
        "que sais tu faire", "qu est ce que tu sais faire", "que peux tu faire", "qu est ce que tu peux faire",
        "aide", "aide moi", "que puis je demander", "qu est ce que je peux demander", "tu sais faire quoi",
        "was kannst du", "was kannst du tun", "hilfe", "was kann ich fragen", "cosa sai fare", "cosa puoi fare",
        "aiuto", "cosa posso chiedere", "你能做什么", "你会做什么", "帮助", "我能问什么", "你可以做什么", "何ができる", "何ができますか", "ヘルプ", "何を頼める",
    ]

    /// Whether the text asks what the assistant can do, in any supported language.
    public static func matches(_ text: String) -> Bool {
        // Asked before every request: characters, not Foundation's character sets.
        var folded = ""
        folded.reserveCapacity(text.utf8.count)
        for character in text.lowercased() {
            if character == "'" || character == "’" || character == "-" || character == " " {
                if !folded.isEmpty, folded.last != " " { folded.append(" ") }
            } else if character.isLetter {
                folded.append(character)
            }
        }
        if folded.last == " " { folded.removeLast() }
        return phrases.contains(folded)
    }
}

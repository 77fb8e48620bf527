/// The words Whisper is primed with (its initial prompt): a few requests as people make them to the installed
/// apps, in the conversation's language, then the apps' names and the vocabulary, so that "MonkeyChat" and a
/// contact's "Coco" come out spelt as the user spells them, and a request is written the way its examples are
/// (amounts as figures, a sentence's capitals and stops). Whisper reads at most about 220 tokens of prompt and
/// echoes words from a long one, so both parts are cut at a budget, the most useful first: apps, then the
/// user's vocabulary, then the apps'.
public struct WhisperPrompt: Sendable, Equatable {
    /// The prompt, or nil when there are no examples and no names.
    public let text: String?

    /// The names' budget in characters (`cost`): at about 3 characters a token, well inside Whisper's limit.
    public static let budget = 400
    /// The examples' budget: together with the names', under 200 tokens.
    public static let exampleBudget = 240

    /// `examples`: requests in the conversation's language, one per app, most useful first; `names` in
    /// priority order. Repeats (in any case) are kept once.
    public init(examples: [String] = [], names: [String]) {
        var sentences: [String] = []
        var spent = 0
        for example in examples {
            var cleaned = Self.cleaned(example)
            guard !cleaned.isEmpty else { continue }
            if let last = cleaned.last, !Self.sentenceEnds.contains(last) {
                cleaned += Self.usesIdeographicStop(cleaned) ? "。" : "."
            }
            let cost = Self.cost(cleaned) + 1
            guard spent + cost <= Self.exampleBudget else { break }
            guard !sentences.contains(where: { $0.lowercased() == cleaned.lowercased() }) else { continue }
            sentences.append(cleaned)
            spent += cost
        }
        var seen = Set<String>()
        var chosen: [String] = []
        var length = 0
        for name in names {
            let cleaned = Self.cleaned(name)
            guard !cleaned.isEmpty, seen.insert(cleaned.lowercased()).inserted else { continue }
            let cost = Self.cost(cleaned) + 2
            guard length + cost <= Self.budget else { break }
            chosen.append(cleaned)
            length += cost
        }
        var parts = sentences
        if !chosen.isEmpty { parts.append(chosen.joined(separator: ", ") + ".") }
        text = parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// A short digest of the prompt: a service started with another prompt is restarted.
    public var digest: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (text ?? "").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    private static let sentenceEnds: Set<Character> = [".", "!", "?", "。", "！", "？"]

    private static func cleaned(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// What a text costs of a budget: a character a token's third in Latin script, a whole one beyond it (a
    /// Japanese or Chinese character is a token or more).
    private static func cost(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ($1.isASCII ? 1 : 3) }
    }

    private static func usesIdeographicStop(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) }
    }
}

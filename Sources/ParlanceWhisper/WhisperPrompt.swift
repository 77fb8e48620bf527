/// The words Whisper is primed with (its initial prompt): the installed apps' names and the vocabulary, so that
/// "MonkeyChat" and a contact's "Coco" come out spelt as the user spells them. Whisper reads at most about 220
/// tokens of prompt and echoes words from a long one, so the names are cut at a budget, the most useful first:
/// apps, then the user's vocabulary, then the apps'.
///
/// Only names: requests in the prompt (the apps' own examples were tried) are echoed as requests when Whisper
/// cannot make out the speech — "play classical music" in French was heard as "send a message to Bobo".
public struct WhisperPrompt: Sendable, Equatable {
    /// The prompt, or nil when there are no names.
    public let text: String?

    /// The budget in `cost` units: at about 3 Latin characters a token, well inside Whisper's limit.
    public static let budget = 400

    /// `names` in priority order; repeats (in any case) are kept once.
    public init(names: [String]) {
        var seen = Set<String>()
        var chosen: [String] = []
        var spent = 0
        for name in names {
            let cleaned = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !cleaned.isEmpty, seen.insert(cleaned.lowercased()).inserted else { continue }
            let cost = Self.cost(cleaned) + 2
            guard spent + cost <= Self.budget else { break }
            chosen.append(cleaned)
            spent += cost
        }
        text = chosen.isEmpty ? nil : chosen.joined(separator: ", ") + "."
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

    /// What a text costs of the budget: a character a token's third in Latin script; beyond it (a Japanese or
    /// Chinese character is one to three tokens) more.
    private static func cost(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ($1.isASCII ? 1 : 4) }
    }
}

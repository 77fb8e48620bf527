/// The words Whisper is primed with (its initial prompt): the installed apps' names and the vocabulary, so
/// that "MonkeyChat" and a contact's "Coco" come out spelt as the user spells them. Whisper reads at most
/// about 220 tokens of prompt and echoes words from a long one, so the names are cut at a budget, the most
/// useful first: apps, then the user's vocabulary, then the apps'.
public struct WhisperPrompt: Sendable, Equatable {
    /// The prompt, or nil when there are no names.
    public let text: String?

    /// At about 3 characters a token for names, 400 characters stays well inside Whisper's limit.
    public static let budget = 400

    /// `names` in priority order; repeats (in any case) are kept once.
    public init(names: [String]) {
        var seen = Set<String>()
        var chosen: [String] = []
        var length = 0
        for name in names {
            let cleaned = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !cleaned.isEmpty, seen.insert(cleaned.lowercased()).inserted else { continue }
            guard length + cleaned.count + 2 <= Self.budget else { break }
            chosen.append(cleaned)
            length += cleaned.count + 2
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
}

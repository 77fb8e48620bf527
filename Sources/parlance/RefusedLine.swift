import Foundation
import ParlanceUnderstanding

/// A line `parlance chat` refuses before the conversation sees it, and how it is answered: with `--json`
/// as one object, `{"error": {"code": "…", "message": "…"}}`, so a client that waits for a reply to each
/// line always gets one; otherwise as a message on stderr.
struct RefusedLine: Encodable {
    /// What is wrong, for programs and for people.
    struct Detail: Encodable {
        /// `invalidUTF8`, `requestTooLong`, `emptyRequest` or `controlCharacter`.
        let code: String
        let message: String
    }

    let error: Detail

    /// The refusal of a line, or nil when it goes to the conversation. Bytes that are not text, or too many,
    /// are always refused; `checkingText` (with `--json`) refuses what understanding would refuse too — an
    /// empty line, one too long or with a control character — instead of skipping it or giving it a turn.
    init?(_ line: InputLines.Line, checkingText: Bool) {
        switch line {
        case .invalidUTF8:
            error = Detail(code: "invalidUTF8", message: line.problem ?? "")
        case .tooLong:
            error = Detail(code: UnderstandingError.Kind.requestTooLong.rawValue, message: line.problem ?? "")
        case .text(let text):
            guard checkingText, let refusal = UnderstandingError.refusal(of: text.trimmingCharacters(in: .whitespaces)) else {
                return nil
            }
            error = Detail(code: refusal.kind.rawValue, message: refusal.message)
        }
    }

    /// The reply as one line of JSON.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("{\"error\":{\"code\":\"\(error.code)\",\"message\":\"\"}}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

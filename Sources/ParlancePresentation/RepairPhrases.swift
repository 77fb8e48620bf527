import ParlanceCore

/// The words of conversation repair, from the language's replies file (`repair.…`): asking whether words given
/// for a message were meant as the message or as something else, and telling that an earlier request was dropped.
struct RepairPhrases: Sendable {
    /// The language ("en"); one without a replies file speaks English.
    let code: String

    private var catalog: ReplyCatalog { ReplyLanguages.catalog(code: code) }

    /// "Is “call Bobo on MonkeyCall” your message to Kiki, or should I call Bobo?": `recipients` are whom the
    /// message is for (in words), `alternative` what the other request would do (`alternative(_:)`), else it
    /// is "a new request"; with `assistant`, the words may be a question for the assistant instead.
    func valueOrRequest(_ text: String, note: Bool, to recipients: String? = nil, alternative: String? = nil,
                        assistant: Bool) -> String {
        catalog.text("repair.valueOrRequest", ["text": .text(text), "isNote": .text(note ? "true" : "false"),
                                               ParameterName.recipients.rawValue: recipients.reply,
                                               "alternative": alternative.reply,
                                               "assistant": .text(assistant ? "true" : "false")])
    }

    /// The two answers to `valueOrRequest`, in its order: the value, then the other meaning (named when
    /// `alternative` names it: "Call Bobo").
    func valueOrRequestOptions(note: Bool, alternative: String? = nil, assistant: Bool) -> [String] {
        let value = catalog.text("repair.option.value", ["isNote": .text(note ? "true" : "false")])
        guard !assistant, let alternative else {
            return [value, catalog.text("repair.option.other", ["assistant": .text(assistant ? "true" : "false")])]
        }
        return [value, alternativeOption(alternative)]
    }

    /// An earlier request set aside was dropped for a newer one.
    func setAside() -> String { catalog.text("repair.setAside") }

    /// Said when the user skipped a value the request can go without.
    func skipped() -> String { catalog.text("repair.skipped") }

    /// Said before asking again for a value the user tried to skip but the app needs.
    func needed() -> String { catalog.text("repair.needed") }

    /// What the other request would do, as a verb phrase in the language's plain form ("call Bobo", "Bobo
    /// anrufen", "Boboに電話する"); nil when it has no short name (then it is "a new request").
    func alternative(_ summary: RequestSummary) -> String? {
        let text = catalog.text("repair.alternative", summary.replyArguments)
        return text.isEmpty ? nil : text
    }

    /// "or should I call Bobo?": the end of the question that names the other request.
    func orShouldI(_ alternative: String) -> String {
        catalog.text("repair.orShouldI", ["alternative": .text(alternative)])
    }

    /// The answer that picks the other request ("Call Bobo").
    func alternativeOption(_ alternative: String) -> String {
        catalog.text("repair.option.alternative", ["alternative": .text(alternative)])
    }
}

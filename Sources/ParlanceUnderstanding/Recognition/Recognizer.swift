/// A recogniser of understanding's declared chain (`UnderstandingPolicy.chain`), and the one that
/// decided a request (`UnderstoodRequest.recognizer`, printed by `parse --json`).
public enum Recognizer: String, Sendable, Codable, CaseIterable {
    /// Answers and filler alone ("yes", "cancel", "the second one"): no request at all.
    case noRequest = "no-request"
    /// The request is one of an installed app's own example phrases (`IntentExamples`), word for word.
    case appExample = "app-example"
    /// The request matches a phrasing template exactly, every slot filled by a recognised value.
    case template
    /// The learned model decided: an intent, or none of them.
    case model
    /// The template's or the model's intent was turned down at the end: the request's own words do not
    /// say it is that intent, or they say it is something no app here does ("remind me to call Kiki",
    /// "pause" with no app named: music as likely as a workout).
    case scope
}

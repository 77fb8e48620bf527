/// Why an app's extension failed, in a few plain words of the user's language (the replies file's `fault`):
/// the details (what the extension printed, the protocol's messages) go to the activity log
/// (`parlance apps log`), never to the conversation.
struct FaultWords: Sendable {
    /// The language ("en"); one without a replies file speaks English.
    let code: String

    /// The words for a failure kind (a `HostingError.Kind` name; anything else is "something went wrong").
    func words(for kind: String) -> String {
        ReplyLanguages.catalog(code: code).text("fault", ["kind": .text(kind)])
    }
}


/// Words a front end says outside the conversation itself (a greeting, a notice about setup), in the
/// user's language, from the same replies file as the conversation.
public enum FrontEndText {
    /// The greeting: how to start and how to leave.
    public static func welcome(language: String) -> String {
        ConversationPhrasebook.phrases(for: language).welcome()
    }

    /// That the sample apps were installed because there were none.
    public static func installedSamples(_ names: [String], language: String) -> String {
        ConversationPhrasebook.phrases(for: language).installedSamples(names)
    }
}

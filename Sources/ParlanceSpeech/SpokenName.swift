/// A name the recogniser should hear (a contact, an app, a term of an app's vocabulary), with how it
/// sounds when the spelling does not say ("Bananarific" sounds like "ba nana ri fic").
public struct SpokenName: Sendable, Hashable {
    /// The name as written.
    public var text: String
    /// Words that sound like it, when the app gave them.
    public var soundsLike: String?

    public init(_ text: String, soundsLike: String? = nil) {
        self.text = text
        self.soundsLike = soundsLike
    }
}

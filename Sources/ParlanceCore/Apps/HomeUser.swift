/// The people one home serves. A home (one store, one set of installed apps) may serve several users;
/// each has their own permissions, vocabulary, preferences (preferred apps, read-back and the other settings,
/// "always" for hand-offs, default offers), conversations and journal of handled intents, while the installed
/// apps are shared: one install per home. A store is opened, or viewed, for one user (`AssistantStore.forUser`),
/// and what it reads and writes is that user's only, so the core's protocols (`AppRegistry`, `ConversationStore`,
/// `VocabularySource`) keep their shape. The home's first user, and the only one until others are added, is
/// `owner`: everything a home held before it had users is the owner's, and the CLI and the server's own token act
/// as the owner. Other users are reached with device tokens (`parlance users token NAME --device LABEL`), kept
/// only as their SHA-256.
public enum HomeUser {
    /// The home's own user, always present.
    public static let owner = "owner"
    /// The longest user id.
    public static let maximumLength = 32

    /// Whether a text can be a user id (and a device label): 1 to 32 of a–z, 0–9, `-` and `_`, starting with a letter.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first),
              name.unicodeScalars.count <= maximumLength else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }
}

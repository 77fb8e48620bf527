/// A failure of the assistant's store, with a message the user can act on.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: String, Sendable, Equatable {
        /// The store's folder or database cannot be opened or created.
        case cannotOpen
        /// No app with that identifier is installed.
        case appNotInstalled
        /// The database refused an operation (disk full, corrupt file…).
        case database
        /// A vocabulary update was refused (a phone number or an e-mail address, an unknown type).
        case refusedVocabulary
        /// No user of that name, or no device of that label, is known to the home.
        case unknownUser
        /// A user cannot be added or removed as asked (a name that is taken, malformed or the owner's).
        case refusedUser
    }

    /// The kind.
    public let kind: Kind
    /// What happened and what to do.
    public let message: String

    /// An error of a kind, with what happened and what to do.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

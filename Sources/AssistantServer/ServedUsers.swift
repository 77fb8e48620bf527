import Foundation
import Hummingbird
import ParlanceCore
import ParlanceEngine
import Synchronization

/// Whom the server serves (`HomeUser`): the server's own access token acts as the home's owner, and each device
/// token a `UserDirectory` knows as its user. `RequestGate` finds a request's user and serves it under
/// `ServedUsers.current`; every route then reads and writes through that user's `Space` only, so a user never
/// sees, continues or changes another's conversations, permissions, vocabulary or preferences (another's
/// conversation id is told as no conversation at all). Installed apps and extension processes are shared: an
/// extension learns whom it serves only from the intents it is sent.
public final class ServedUsers: Sendable {
    /// One user's side of the assistant: their view of the store, understanding with their vocabulary.
    public struct Space: Sendable {
        /// What their conversations are made with.
        public let assistant: ConversationHub.Assistant
        /// Their preferred apps.
        public let preferences: any AppPreferences
        /// Structured intents, as them.
        let broker: IntentBroker

        public init(assistant: ConversationHub.Assistant, preferences: any AppPreferences) {
            self.assistant = assistant
            self.preferences = preferences
            broker = IntentBroker(apps: assistant.apps, store: assistant.store, host: assistant.host, home: assistant.home,
                                  lockSource: assistant.lockSource)
        }
    }

    /// How the server knows the home's other users: who a device token belongs to, and each user's side.
    public struct Access: Sendable {
        /// Finds the user of a device token.
        public var directory: any UserDirectory
        /// Makes a user's side (their view of the store); called once per user.
        public var space: @Sendable (String) throws(StoreError) -> Space

        public init(directory: any UserDirectory, space: @escaping @Sendable (String) throws(StoreError) -> Space) {
            self.directory = directory
            self.space = space
        }
    }

    /// The user the request being served acts as; nil outside a request that passed the gate.
    @TaskLocal static var current: String?

    private let accessToken: String
    private let access: Access?
    private let spaces: Mutex<[String: Space]>

    /// The owner's side and the server's own token, and with `access` the other users' (nil: the owner only).
    init(owner: Space, accessToken: String, access: Access?) {
        self.accessToken = accessToken
        self.access = access
        spaces = Mutex([HomeUser.owner: owner])
    }

    /// The user a token acts as: the owner for the server's own token, else the user of a device token; nil: none.
    func user(forToken given: String) throws(APIError) -> String? {
        if RequestGate<BasicRequestContext>.same(given, accessToken) { return HomeUser.owner }
        guard let access else { return nil }
        do {
            return try access.directory.user(forToken: given)
        } catch {
            throw .internalError("the users' tokens could not be read: \(error.message)")
        }
    }

    /// A user's side, made when first needed.
    func space(for user: String) throws(APIError) -> Space {
        if let known = spaces.withLock({ $0[user] }) { return known }
        guard let access else { throw .internalError("this server serves its owner only") }
        let made: Space
        do {
            made = try access.space(user)
        } catch {
            throw .internalError("the store of \(user) could not be opened: \(error.message)")
        }
        return spaces.withLock { spaces in
            if let other = spaces[user] { return other }
            spaces[user] = made
            return made
        }
    }

    /// The side of the user the request being served acts as.
    func current() throws(APIError) -> (user: String, space: Space) {
        guard let user = Self.current else { throw .internalError("the request reached a route without passing the gate") }
        return (user, try space(for: user))
    }
}

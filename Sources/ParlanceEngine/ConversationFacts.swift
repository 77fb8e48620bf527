import Foundation
import Intents
import ParlanceCore

/// What the conversation's decisions depend on outside its own state: read fresh by the engine
/// before every step, so a permission granted or a session unlocked elsewhere counts at once.
public struct ConversationFacts: Sendable, Equatable {
    /// The chosen app's permission.
    public var permission: AppPermission
    /// Whether the session is locked now.
    public var sessionLocked: Bool
    /// Whether the intent may only run in an unlocked session (the app's IntentsRestrictedWhileLocked,
    /// and payments and ride requests always).
    public var requiresUnlock: Bool
    /// The intent's parameters in resolution order, with whether each is a list.
    public var parameters: [(name: String, isList: Bool)]
    /// The app the user chose for the intent's domain (`parlance apps prefer`), if any.
    public var preferredApp: String?
    /// Whether the assistant already offered to make an app the intent's domain's default (read for a
    /// request whose app the user chose at "Which app?"; it is offered once per domain, ever).
    public var defaultOffered: Bool
    /// The app that runs the ride or workout a follow-up request is about (its status, cancel, pause, resume,
    /// end), when exactly one of the request's candidate apps runs one: the user started it there.
    public var ongoingApp: String?
    /// Whether the app's extension answers a handle repeated with the same intent identifier from its
    /// own record (`ParlanceHandleIsIdempotent`), so an unanswered handle may be sent again.
    public var handleIsIdempotent: Bool
    /// Whether the user lets the chosen app be opened without asking (said "always" for its current code).
    /// Read only when an extension asks for its app to be opened.
    public var opensAppWithoutAsking: Bool

    public init(permission: AppPermission, sessionLocked: Bool, requiresUnlock: Bool,
                parameters: [(name: String, isList: Bool)], preferredApp: String? = nil, ongoingApp: String? = nil,
                handleIsIdempotent: Bool = false, opensAppWithoutAsking: Bool = false, defaultOffered: Bool = false) {
        self.permission = permission
        self.sessionLocked = sessionLocked
        self.requiresUnlock = requiresUnlock
        self.parameters = parameters
        self.preferredApp = preferredApp
        self.ongoingApp = ongoingApp
        self.handleIsIdempotent = handleIsIdempotent
        self.opensAppWithoutAsking = opensAppWithoutAsking
        self.defaultOffered = defaultOffered
    }

    public static func == (lhs: ConversationFacts, rhs: ConversationFacts) -> Bool {
        lhs.permission == rhs.permission && lhs.sessionLocked == rhs.sessionLocked
            && lhs.requiresUnlock == rhs.requiresUnlock && lhs.preferredApp == rhs.preferredApp
            && lhs.ongoingApp == rhs.ongoingApp && lhs.defaultOffered == rhs.defaultOffered
            && lhs.handleIsIdempotent == rhs.handleIsIdempotent && lhs.opensAppWithoutAsking == rhs.opensAppWithoutAsking
            && lhs.parameters.map(\.name) == rhs.parameters.map(\.name)
            && lhs.parameters.map(\.isList) == rhs.parameters.map(\.isList)
    }

    /// The domain an intent class belongs to ("rides"), if known.
    public static func domain(of intent: String) -> String? {
        IntentCatalog.intent(named: intent)?.domain.rawValue
    }

    /// The resolvable parameters of an intent class, in resolution order (deprecated aliases left out).
    public static func parameters(of intent: String) -> [(name: String, isList: Bool)] {
        guard let description = IntentCatalog.intent(named: intent) else { return [] }
        return description.parameters.filter { $0.deprecatedAliasOf == nil }.map { ($0.name, $0.isList) }
    }
}

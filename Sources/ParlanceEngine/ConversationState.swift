import Foundation
import ParlanceCore
import ParlanceHosting
import ParlancePresentation
import ParlanceUnderstanding

/// Everything a conversation needs to continue after any turn, even after the assistant restarts:
/// saved as JSON in the store after every turn.
public struct ConversationState: Codable, Sendable, Equatable {
    /// The language the user speaks in this conversation.
    public var language: String
    /// The request in progress, if any.
    public var task: IntentTask?
    /// The question the assistant asked and is waiting on, if any.
    public var question: PendingQuestion?

    public init(language: String, task: IntentTask? = nil, question: PendingQuestion? = nil) {
        self.language = language
        self.task = task
        self.question = question
    }
}

/// One request on its way through the intent lifecycle.
public struct IntentTask: Codable, Sendable, Equatable {
    /// Where the request is in the lifecycle.
    public enum Phase: String, Codable, Sendable {
        case chooseApp, permission, unlock, resolve, confirm, userConfirmation, handle
    }

    /// The intent class ("INSendMessageIntent").
    public var intent: String
    /// The intent's identifier: the same for every call about this request, and the journal's key.
    public var identifier: String
    /// The parameters in the SDK's JSON form, updated as the extension resolves them.
    public var parameters: [String: JSONValue]
    /// The app serving the request, once chosen.
    public var app: String?
    /// Whether the user named the app (otherwise the answer names it).
    public var appWasNamed: Bool
    /// The apps that could serve it, when the user named none.
    public var candidateApps: [String]
    /// The current phase.
    public var phase: Phase
    /// The parameter being resolved, as an index into the intent's resolution order.
    public var parameterIndex: Int
    /// Questions asked in the current step, to bound re-asking.
    public var questionsAsked: Int
    /// Values the user confirmed or chose, by parameter: not asked about again.
    public var confirmedValues: [String: [JSONValue]]
    /// The extension's confirm response (JSON form), shown when the user is asked to confirm.
    public var confirmResponse: JSONValue?

    public init(intent: String, identifier: String, parameters: [String: JSONValue], app: String?,
                appWasNamed: Bool, candidateApps: [String]) {
        self.intent = intent
        self.identifier = identifier
        self.parameters = parameters
        self.app = app
        self.appWasNamed = appWasNamed
        self.candidateApps = candidateApps
        self.phase = app == nil ? .chooseApp : .permission
        self.parameterIndex = 0
        self.questionsAsked = 0
        self.confirmedValues = [:]
        self.confirmResponse = nil
    }
}

/// A question the assistant asked, with what it needs to apply the answer.
public enum PendingQuestion: Codable, Sendable, Equatable {
    /// Which app should do it; the options are app identifiers.
    case chooseApp(options: [String])
    /// May the app work with the assistant?
    case permission(app: String)
    /// The session is locked; unlock to continue.
    case unlock
    /// A value for a parameter (or one element of a list parameter).
    case value(parameter: String, element: Int?, reason: ValueRequest)
    /// A choice among values the extension offered.
    case choice(parameter: String, element: Int?, items: [JSONValue])
    /// Yes or no about one value.
    case confirmValue(parameter: String, element: Int?, value: JSONValue)
    /// Yes or no before the extension handles the intent.
    case confirmIntent
}

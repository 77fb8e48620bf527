import Foundation
import ParlanceCore

/// Everything a conversation needs to continue after any turn, even after the assistant restarts:
/// saved as JSON in the store after every turn (and with the journal, when handle starts).
public struct ConversationState: Codable, Sendable, Equatable {
    /// The language the user speaks in this conversation.
    public var language: String
    /// Where the conversation is.
    public var stage: ConversationStage
    /// Counts the questions asked in this conversation: the current question's number, so an answer from
    /// a client can say which question it answers and a stale one (an old button) is refused.
    public var questionNumber: Int
    /// A request the user set aside by asking for something else at one of its questions: once the new
    /// request is over, its question is asked again.
    public var interrupted: InterruptedRequest?

    public init(language: String, stage: ConversationStage = .idle, questionNumber: Int = 0) {
        self.language = language
        self.stage = stage
        self.questionNumber = questionNumber
    }

    private enum CodingKeys: String, CodingKey {
        case language, stage, questionNumber, interrupted
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        language = try container.decode(String.self, forKey: .language)
        stage = try container.decode(ConversationStage.self, forKey: .stage)
        // States saved before questions were numbered.
        questionNumber = try container.decodeIfPresent(Int.self, forKey: .questionNumber) ?? 0
        interrupted = try container.decodeIfPresent(InterruptedRequest.self, forKey: .interrupted)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(language, forKey: .language)
        try container.encode(stage, forKey: .stage)
        try container.encode(questionNumber, forKey: .questionNumber)
        try container.encodeIfPresent(interrupted, forKey: .interrupted)
    }

    /// The request in progress, if any.
    public var task: IntentTask? { stage.task }

    /// The question the assistant asked and is waiting on, if any.
    public var question: PendingQuestion? {
        if case .asking(_, let question) = stage { return question }
        return nil
    }
}

/// Where a conversation is: waiting for nothing, for the user's answer, or for the app's extension.
/// Each case carries the request it is about.
public enum ConversationStage: Codable, Sendable, Equatable {
    /// No request in progress.
    case idle
    /// A question was asked; the user's answer is awaited.
    case asking(IntentTask, PendingQuestion)
    /// The app's current ride is being looked up (to cancel "my ride"); then the lifecycle goes on at `then`.
    case findingRide(IntentTask, then: LifecyclePhase)
    /// The extension resolves the parameters from `task.parameterIndex` on.
    case resolving(IntentTask)
    /// The extension confirms the intent.
    case confirming(IntentTask)
    /// Handle is journalled and the extension is handling the intent.
    case handling(IntentTask)

    /// The request this stage is about.
    public var task: IntentTask? {
        switch self {
        case .idle: return nil
        case .asking(let task, _), .findingRide(let task, _), .resolving(let task), .confirming(let task),
             .handling(let task): return task
        }
    }
}

/// The steps of the intent lifecycle, in order (SiriKit's, plus the assistant's own checks).
public enum LifecyclePhase: String, Codable, Sendable {
    case chooseApp, permission, unlock, resolve, confirm, userConfirmation, handle
}

/// One request on its way through the intent lifecycle.
public struct IntentTask: Codable, Sendable, Equatable {
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
    /// The parameter being resolved, as an index into the intent's resolution order.
    public var parameterIndex: Int
    /// Questions asked in the current step, to bound re-asking.
    public var questionsAsked: Int
    /// Values the user confirmed or chose, by parameter: not asked about again.
    public var confirmedValues: [String: [JSONValue]]
    /// The extension's confirm response (JSON form), shown when the user is asked to confirm.
    public var confirmResponse: JSONValue?
    /// The user is asked before handle even where the domain does not ask: a message whose words came
    /// from an answer or an unsure reading is read back, and so is a request the user corrected.
    public var userMustConfirm: Bool?
    /// The user chose the app at "Which app?" (rather than naming it, or a default or running ride
    /// choosing it): once the request succeeds, the user may be offered to make it the domain's default.
    public var appChosenAtQuestion: Bool?
    /// Parameters the user skipped ("skip it"): resolved without a value, and asked for again only when
    /// the app says it needs one.
    public var skipped: [String]?
    /// The parameter skipped last, until the user hears that the request goes on without it.
    public var skipToTell: String?
    /// Where handle was sent from (`Conversation.appDataPlace`): the apps' data there holds the record an app
    /// answers a repeated intent from, so only a server with that data may send it again after a crash.
    public var sentFrom: String?

    public init(intent: String, identifier: String, parameters: [String: JSONValue], app: String?,
                appWasNamed: Bool, candidateApps: [String]) {
        self.intent = intent
        self.identifier = identifier
        self.parameters = parameters
        self.app = app
        self.appWasNamed = appWasNamed
        self.candidateApps = candidateApps
        self.parameterIndex = 0
        self.questionsAsked = 0
        self.confirmedValues = [:]
        self.confirmResponse = nil
    }
}

/// A request set aside at one of its questions, with the question to ask again.
public struct InterruptedRequest: Codable, Sendable, Equatable {
    public var task: IntentTask
    public var question: PendingQuestion

    public init(task: IntentTask, question: PendingQuestion) {
        self.task = task
        self.question = question
    }
}

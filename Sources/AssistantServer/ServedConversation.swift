import Foundation
import ParlanceCore
import ParlanceEngine
import ParlancePresentation
import Synchronization

/// One conversation the server holds: the engine's conversation, its numbered turns and their
/// listeners. One turn at a time: a second request while a turn is answered is refused, never interleaved.
actor ServedConversation {
    nonisolated let id: String
    nonisolated let language: String?
    nonisolated let mode: PresentationMode
    nonisolated let conversation: Conversation
    nonisolated let log: TurnLog
    /// Counts and times the turns (metrics, drain).
    nonisolated let operations: ServerOperations
    /// Whether a turn is being answered, and when the last one ended: read by the hub without waiting for the turn.
    private nonisolated let activity = Mutex((answering: false, lastUsed: ContinuousClock.now))

    /// When the conversation last answered a turn or a client looked at it.
    nonisolated var lastUsed: ContinuousClock.Instant { activity.withLock { $0.lastUsed } }

    /// Notes that a client looked at the conversation now (a turn notes it when it ends).
    nonisolated func markUsed() {
        activity.withLock { $0.lastUsed = .now }
    }

    /// The lock shared with other servers on the same store, and the user it is taken for; nil: this server only.
    nonisolated let turnLock: (lock: any ConversationTurnLock, user: String)?

    /// `log` goes on from the turns of an earlier time the conversation was open, if any.
    init(id: String, language: String?, mode: PresentationMode, conversation: Conversation, log: TurnLog = TurnLog(),
         operations: ServerOperations = ServerOperations(), turnLock: (any ConversationTurnLock, String)? = nil) {
        self.turnLock = turnLock.map { (lock: $0.0, user: $0.1) }
        self.operations = operations
        self.id = id
        self.language = language
        self.mode = mode
        self.conversation = conversation
        self.log = log
    }

    /// Whether a turn is being answered now.
    nonisolated var isAnswering: Bool { activity.withLock { $0.answering } }

    /// Picks up what an earlier run of the server left: a question asked again, a handled request told.
    func resume() async -> [ServedTurn] {
        (try? await exclusive { await conversation.resume() }) ?? []
    }

    /// Goes on from the saved state of a conversation that was put away (its turns were shown): nothing is asked
    /// again; a request left being handled is settled.
    func takeUp() async -> [ServedTurn] {
        (try? await exclusive { await conversation.adoptSavedState() }) ?? []
    }

    /// The number of the question the conversation waits on, if any.
    var pendingQuestion: Int? {
        get async {
            let state = await conversation.currentState
            return state.question == nil ? nil : state.questionNumber
        }
    }

    /// Answers what the user said (at question `answering`, when the client names one: a question no longer
    /// pending is not answered); waiting turns reach listeners while the extension works. The words are kept.
    /// An answer to the last question asked when nothing is pending any more (the reply that told what came of it was
    /// lost with its connection or with the server that gave it, perhaps after that server marked it shown) is
    /// answered with what came of it, again: those turns keep their numbers, after the notice.
    func respond(to text: String, answering: Int? = nil, source: TurnSource = .typed) async throws(APIError) -> [ServedTurn] {
        var outcome: [ServedTurn] = []
        let served = try await exclusive(counted: true) {
            log.appendSaid(text, answering: answering)
            if let answering, await conversation.pendingQuestion == nil {
                outcome = log.outcome(ofLastQuestion: answering)
                if !outcome.isEmpty { return await conversation.staleAnswer(alreadyAnswered: true) }
            }
            return await conversation.respond(to: text, answering: answering, source: source) { [log] turn in log.append(turn) }
        }
        guard !outcome.isEmpty, let notice = served.firstIndex(where: { $0.turn.step == TurnLog.staleAnswerStep }) else { return served }
        return Array(served[...notice]) + outcome + served[(notice + 1)...]
    }

    /// Turns that came on their own (ride updates) are logged as they come.
    func record(_ turn: AssistantTurn) async {
        log.append(turn)
        if let failure = await conversation.delivered() { log.append(failure) }
    }

    /// Runs `body` as the conversation's one turn; a `counted` one is in the metrics and the drain's turns in flight.
    private func exclusive(counted: Bool = false, _ body: () async -> [AssistantTurn]) async throws(APIError) -> [ServedTurn] {
        let free = activity.withLock { activity in
            guard !activity.answering else { return false }
            activity.answering = true
            return true
        }
        guard free else {
            throw .conflict("this conversation is still answering the previous turn; send the next one when it has answered")
        }
        defer { activity.withLock { $0 = (answering: false, lastUsed: .now) } }
        // Another server may have taken the turns before this one: its lock first, then what it saved.
        var lease: ConversationTurnLease?
        if let turnLock {
            do {
                let waited = ContinuousClock.now
                defer { TurnTimeMeter.current?.add(ContinuousClock.now - waited, to: .lock) }
                lease = try await turnLock.lock.acquire(user: turnLock.user, session: conversation.session)
            } catch {
                throw .internalError("the conversation could not be taken up: \(error.message)")
            }
        }
        // From here the turn's reads of what rarely changes (apps, permissions, settings) may be answered from what
        // the store read at the database's state of now or later (`StoreReadScope`).
        let served = await StoreReadScope.$current.withValue(StoreReadScope()) {
            await turn(counted: counted, adopting: lease != nil, body)
        }
        await lease?.release()
        return served
    }

    /// The turn itself, once it holds the conversation: what another server saved is taken up first (`adopting`).
    private func turn(counted: Bool, adopting: Bool, _ body: () async -> [AssistantTurn]) async -> [ServedTurn] {
        var taken: [AssistantTurn] = []
        if adopting { taken = await conversation.adoptSavedState() }
        guard counted else {
            return await answer { [taken] in
                let turns = await body()
                return taken + turns
            }
        }
        let began = ContinuousClock.now
        operations.beginTurn()
        let served = await answer { [taken] in
            let turns = await body()
            return taken + turns
        }
        operations.endTurn(conversation: id, served: served, began: began)
        return served
    }

    private func answer(_ body: () async -> [AssistantTurn]) async -> [ServedTurn] {
        let turns = await body()
        // The question asked last is the one pending: its turn carries its number.
        let pending = await pendingQuestion
        let asking = pending == nil ? nil : turns.lastIndex { $0.kind == .question }
        var served = turns.indices.map { log.append(turns[$0], questionNumber: $0 == asking ? pending : nil) }
        // Shown: the turns are in the log the devices read, so a finished request may be forgotten.
        if let failure = await conversation.delivered() { served.append(log.append(failure)) }
        return served
    }
}

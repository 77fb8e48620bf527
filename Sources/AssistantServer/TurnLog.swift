import Foundation
import Logging
import ParlanceCore
import ParlancePresentation
import Synchronization

/// A conversation's turns, numbered, with the listeners (WebSocket clients) that hear each one as it
/// is added. Keeps the most recent turns so a listener that reconnects can catch up, and what the user said
/// between them, so a page shows the whole conversation again after a reload.
///
/// With servers sharing the store, the turns are numbered and kept by the store's relay (`SharedTurns`): a turn
/// another server answered is read from there before this log is read or added to, and when the relay says so.
final class TurnLog: Sendable {
    /// Where the turns of a conversation shared with other servers are numbered and kept.
    struct SharedTurns: Sendable {
        let relay: any ConversationEventRelay
        let user: String
        let conversation: String
    }

    fileprivate struct State {
        var nextSequence = 1
        var recent: [ServedTurn] = []
        var said: [SaidTurn] = []
        var listeners: [Int: AsyncStream<ServedTurn>.Continuation] = [:]
        var nextListener = 0
        var closed = false
    }

    private let state = Mutex(State())
    /// How many turns are kept for catching up.
    let capacity: Int
    private let shared: SharedTurns?
    private static let logger = Logger(label: "parlance.server.turns")

    init(capacity: Int = 200, shared: SharedTurns? = nil) {
        self.capacity = capacity
        self.shared = shared
    }

    /// A log that goes on from `earlier` (a conversation put away and opened again): its kept turns, what the user
    /// said and its numbering, with no listeners and open.
    init(continuing earlier: TurnLog?, capacity: Int = 200, shared: SharedTurns? = nil) {
        self.capacity = capacity
        self.shared = shared
        guard let earlier else { return }
        let kept = earlier.state.withLock { State(nextSequence: $0.nextSequence, recent: $0.recent, said: $0.said) }
        state.withLock { $0 = kept }
    }

    /// Numbers a turn (a question with its question number), keeps it and tells every listener.
    @discardableResult
    func append(_ turn: AssistantTurn, questionNumber: Int? = nil) -> ServedTurn {
        if let shared {
            do {
                let (sequence, missed) = try shared.relay.append(
                    user: shared.user, conversation: shared.conversation, turn: Array(try JSONEncoder().encode(turn)),
                    questionNumber: questionNumber, after: nextSequence - 1)
                let served = ServedTurn(sequence: sequence, turn: turn, questionNumber: questionNumber)
                // Turns other servers kept since this log was last read come first.
                var earlier: [ServedTurn] = []
                do {
                    earlier = try Self.served(missed)
                } catch {
                    Self.logger.warning("the turns other servers kept could not be read: \(error)")
                }
                add(earlier + [served])
                return served
            } catch {
                // The listeners here still hear it, numbered after the last turn; devices on other servers don't.
                Self.logger.warning("a turn could not be kept for the other servers: \(error)")
            }
        }
        return state.withLock { state in
            let served = ServedTurn(sequence: state.nextSequence, turn: turn, questionNumber: questionNumber)
            state.add(served, capacity: capacity)
            return served
        }
    }

    /// Reads the turns other servers kept after the last one here, and tells the listeners. Nothing to do
    /// when the conversation is this server's alone.
    func catchUp() {
        guard let shared else { return }
        do {
            add(try Self.served(shared.relay.turns(user: shared.user, conversation: shared.conversation, after: nextSequence - 1)))
        } catch {
            Self.logger.warning("the turns other servers kept could not be read: \(error)")
        }
    }

    /// Turns kept by the relay, decoded.
    private static func served(_ kept: [RelayedTurn]) throws -> [ServedTurn] {
        try kept.map { ServedTurn(sequence: $0.sequence, turn: try JSONDecoder().decode(AssistantTurn.self, from: Data($0.turn)),
                                  questionNumber: $0.questionNumber) }
    }

    /// Adds turns numbered elsewhere, passing over those this log has already.
    private func add(_ turns: [ServedTurn]) {
        state.withLock { state in
            for served in turns where served.sequence >= state.nextSequence {
                state.nextSequence = served.sequence
                state.add(served, capacity: capacity)
            }
        }
    }

    /// Keeps what the user said, after the turns so far.
    func appendSaid(_ text: String, answering: Int?) {
        state.withLock { state in
            state.said.append(SaidTurn(text: text, after: state.nextSequence - 1, answering: answering))
            if state.said.count > capacity { state.said.removeFirst(state.said.count - capacity) }
        }
    }

    /// The kept turns after a sequence number.
    func turns(after sequence: Int = 0) -> [ServedTurn] {
        catchUp()
        return state.withLock { $0.recent.filter { $0.sequence > sequence } }
    }

    /// What came of question `number` when it is the last question asked: the kept turns after it, progress and
    /// earlier refusals left out. Empty when a later question was asked, the question is no longer kept, or nothing
    /// followed it.
    func outcome(ofLastQuestion number: Int) -> [ServedTurn] {
        let kept = turns()
        guard let asked = kept.lastIndex(where: { $0.questionNumber != nil }), kept[asked].questionNumber == number else {
            return []
        }
        return kept[(asked + 1)...].filter { $0.turn.kind != .progress && $0.turn.step != Self.staleAnswerStep }
    }

    /// The step of the notice that refuses an answer naming a question no longer pending.
    static let staleAnswerStep = "staleAnswer"

    /// What the user said, as far back as the kept turns go.
    func said() -> [SaidTurn] {
        state.withLock { state in
            let first = state.recent.first?.sequence ?? state.nextSequence
            return state.said.filter { $0.after >= first - 1 }
        }
    }

    /// The number the next turn gets.
    var nextSequence: Int { state.withLock { $0.nextSequence } }

    /// The kept turns after `sequence`, then every new turn, until the log is closed or the stream dropped.
    func listen(after sequence: Int = 0) -> AsyncStream<ServedTurn> {
        catchUp()
        let (stream, continuation) = AsyncStream<ServedTurn>.makeStream(bufferingPolicy: .bufferingNewest(capacity))
        let registered: Int? = state.withLock { state in
            for turn in state.recent where turn.sequence > sequence { continuation.yield(turn) }
            guard !state.closed else { return nil }
            let key = state.nextListener
            state.nextListener += 1
            state.listeners[key] = continuation
            return key
        }
        guard let key = registered else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.listeners.removeValue(forKey: key) }
        }
        return stream
    }

    /// How many listeners are attached.
    var listenerCount: Int { state.withLock { $0.listeners.count } }

    /// Ends every listener's stream; later listeners get the kept turns and an end.
    func close() {
        let listeners = state.withLock { state in
            state.closed = true
            defer { state.listeners = [:] }
            return Array(state.listeners.values)
        }
        for listener in listeners { listener.finish() }
    }
}

extension TurnLog.State {
    /// Keeps a turn numbered `nextSequence` and tells every listener.
    mutating func add(_ served: ServedTurn, capacity: Int) {
        nextSequence = served.sequence + 1
        recent.append(served)
        if recent.count > capacity { recent.removeFirst(recent.count - capacity) }
        for listener in listeners.values { listener.yield(served) }
    }
}

import Synchronization
import ParlancePresentation

/// A conversation's turns, numbered, with the listeners (WebSocket clients) that hear each one as it
/// is added. Keeps the most recent turns so a listener that reconnects can catch up, and what the user said
/// between them, so a page shows the whole conversation again after a reload.
final class TurnLog: Sendable {
    private struct State {
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

    init(capacity: Int = 200) {
        self.capacity = capacity
    }

    /// A log that goes on from `earlier` (a conversation put away and opened again): its kept turns, what the user
    /// said and its numbering, with no listeners and open.
    init(continuing earlier: TurnLog?, capacity: Int = 200) {
        self.capacity = capacity
        guard let earlier else { return }
        let kept = earlier.state.withLock { State(nextSequence: $0.nextSequence, recent: $0.recent, said: $0.said) }
        state.withLock { $0 = kept }
    }

    /// Numbers a turn (a question with its question number), keeps it and tells every listener.
    @discardableResult
    func append(_ turn: AssistantTurn, questionNumber: Int? = nil) -> ServedTurn {
        state.withLock { state in
            let served = ServedTurn(sequence: state.nextSequence, turn: turn, questionNumber: questionNumber)
            state.nextSequence += 1
            state.recent.append(served)
            if state.recent.count > capacity { state.recent.removeFirst(state.recent.count - capacity) }
            for listener in state.listeners.values { listener.yield(served) }
            return served
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
        state.withLock { $0.recent.filter { $0.sequence > sequence } }
    }

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

import Synchronization
import ParlancePresentation

/// A conversation's turns, numbered, with the listeners (WebSocket clients) that hear each one as it
/// is added. Keeps the most recent turns so a listener that reconnects can catch up.
final class TurnLog: Sendable {
    private struct State {
        var nextSequence = 1
        var recent: [ServedTurn] = []
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

    /// Numbers a turn, keeps it and tells every listener.
    @discardableResult
    func append(_ turn: AssistantTurn) -> ServedTurn {
        state.withLock { state in
            let served = ServedTurn(sequence: state.nextSequence, turn: turn)
            state.nextSequence += 1
            state.recent.append(served)
            if state.recent.count > capacity { state.recent.removeFirst(state.recent.count - capacity) }
            for listener in state.listeners.values { listener.yield(served) }
            return served
        }
    }

    /// The kept turns after a sequence number.
    func turns(after sequence: Int = 0) -> [ServedTurn] {
        state.withLock { $0.recent.filter { $0.sequence > sequence } }
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

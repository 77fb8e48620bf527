import Logging
import Synchronization

/// What operators see of a running server: its metrics, the turns being answered and whether it drains.
/// One per server, shared by the middleware, the conversations and the drain.
///
/// ```
///  SIGTERM ─► draining = true ─► /readyz 503, new work 503 ─► turns in flight end (≤ drainTimeout) ─► server stops
/// ```
public final class ServerOperations: Sendable {
    private struct State {
        var draining = false
        var turnsInFlight = 0
        var extensionHostRunning = false
    }

    /// The counters and histograms behind `/metrics`.
    public let metrics: ServerMetrics
    private let state = Mutex(State())
    private let logger = Logger(label: "parlance.server.turns")

    public init(metrics: ServerMetrics = ServerMetrics()) {
        self.metrics = metrics
    }

    /// Whether the server is draining: it takes no new work, and says it is not ready.
    public var isDraining: Bool { state.withLock { $0.draining } }

    /// How many turns are being answered now.
    public var turnsInFlight: Int { state.withLock { $0.turnsInFlight } }

    /// From now on the server takes no new work.
    func startDraining() {
        state.withLock { $0.draining = true }
    }

    /// Whether the extension host's service runs.
    public var extensionHostRunning: Bool { state.withLock { $0.extensionHostRunning } }

    func extensionHost(running: Bool) {
        state.withLock { $0.extensionHostRunning = running }
    }

    /// A turn begins: it is in flight until `endTurn`.
    func beginTurn() {
        state.withLock { $0.turnsInFlight += 1 }
    }

    /// A turn of `conversation` that began at `began` was answered with `served`: no longer in flight, counted and
    /// timed in the metrics, and told in one log line (with the request's id, when it came over HTTP).
    func endTurn(conversation: String, served: [ServedTurn], began: ContinuousClock.Instant) {
        state.withLock { $0.turnsInFlight -= 1 }
        let duration = ContinuousClock.now - began
        metrics.turnAnswered(kinds: served.map(\.turn.kind), duration: duration)
        logger.info("turn answered", metadata: [
            "conversation": .string(conversation), "outcome": .string(served.last?.turn.kind.rawValue ?? "none"),
            "turns": .stringConvertible(served.count), "ms": .string(AssistantAPI.milliseconds(duration)),
        ])
    }
}

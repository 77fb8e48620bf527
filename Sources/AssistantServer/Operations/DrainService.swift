import Logging
import ServiceLifecycle

/// The first thing a graceful shutdown (SIGTERM, SIGINT) stops: from that instant the server drains
/// (`/readyz` answers 503, new work is refused with 503 `draining`), and this service ends when the turns
/// in flight have been answered, or after `timeout`. Then the HTTP server stops taking connections and
/// finishes what it still serves, the conversations stop, and the extensions last.
struct DrainService: Service {
    let operations: ServerOperations
    let timeout: Duration
    let logger = Logger(label: "parlance.server")

    func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            return  // cancelled: no drain
        }
        operations.startDraining()
        let waiting = operations.turnsInFlight
        logger.notice("draining: new work is refused", metadata: ["turns-in-flight": .stringConvertible(waiting)])
        let deadline = ContinuousClock.now + timeout
        while operations.turnsInFlight > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        if operations.turnsInFlight > 0 {
            logger.warning("drain time is up with turns still in flight",
                           metadata: ["turns-in-flight": .stringConvertible(operations.turnsInFlight)])
        }
    }
}

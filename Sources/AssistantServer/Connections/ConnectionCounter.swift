import Synchronization

/// The server's open connections, counted by client address, shared by every connection's guard.
final class ConnectionCounter: Sendable {
    private struct Counts {
        var total = 0
        var byClient: [String: Int] = [:]
    }
    private let counts = Mutex(Counts())
    let limits: ConnectionLimits

    init(limits: ConnectionLimits) { self.limits = limits }

    /// Counts a new connection from `client` if the limits allow it. 127.0.0.1 and ::1 are where the user's own
    /// browser and programs come from (the token and the extensions' sandbox govern them), so only the total
    /// bounds them: a local program cannot lock the user's browser out by holding that address's share.
    func admit(_ client: String) -> Bool {
        counts.withLock { counts in
            let mine = counts.byClient[client, default: 0]
            guard counts.total < limits.maximumConnections else { return false }
            guard Self.isLoopback(client) || mine < limits.maximumConnectionsPerClient else { return false }
            counts.total += 1
            counts.byClient[client] = mine + 1
            return true
        }
    }

    /// Forgets a connection that `admit` counted.
    func release(_ client: String) {
        counts.withLock { counts in
            counts.total -= 1
            let left = counts.byClient[client, default: 1] - 1
            counts.byClient[client] = left > 0 ? left : nil
        }
    }

    var openConnections: Int { counts.withLock { $0.total } }

    static func isLoopback(_ address: String) -> Bool {
        address == "127.0.0.1" || address == "::1" || address == "::ffff:127.0.0.1"
    }
}

import Foundation

/// How `parlance serve` holds up against clients that are slow, hostile or many (docs/security.md › The server).
public struct ConnectionLimits: Sendable {
    /// The time a request has from its first byte to its last (head and body); a half-sent request is
    /// answered `408` and its connection closed.
    public var requestTimeout: Duration
    /// The time a kept-alive connection may wait for its next request.
    public var idleTimeout: Duration
    /// The largest request head (request line and headers), in bytes; a larger one is answered `431`.
    public var maximumHeadSize: Int
    /// Open connections from one address other than loopback; more are answered `503` and closed at once.
    public var maximumConnectionsPerClient: Int
    /// Open connections in all (lowered to what the process's limit on open files allows).
    public var maximumConnections: Int

    public init(requestTimeout: Duration = .seconds(20), idleTimeout: Duration = .seconds(60),
                maximumHeadSize: Int = 32 * 1024, maximumConnectionsPerClient: Int = 256,
                maximumConnections: Int = 8192) {
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.maximumHeadSize = maximumHeadSize
        self.maximumConnectionsPerClient = maximumConnectionsPerClient
        self.maximumConnections = maximumConnections
    }
}

import Foundation

/// How `parlance serve` listens and whom it lets in.
public struct ServerConfiguration: Sendable {
    /// The address to bind: loopback unless the operator says otherwise.
    public var host: String
    /// The port; 0 picks a free one (printed when the server is running).
    public var port: Int
    /// The token every API request must carry (`Authorization: Bearer …`), on loopback too: it is what tells
    /// the user's own clients from any other program or page that can reach the port.
    public var accessToken: String
    /// The home's other users (`HomeUser`), whose device tokens are let in as them; nil: only `accessToken`, as the owner.
    public var users: ServedUsers.Access?
    /// Other names this server may be reached by (the `Host` header); IP addresses and `localhost` always are.
    public var allowedHostNames: [String]
    /// The largest request body read, in bytes.
    public var maximumBodySize: Int
    /// How many conversations stay in memory; the least recently used idle one is put away (its state
    /// stays saved, and it comes back when it is used again).
    public var maximumLiveConversations: Int
    /// How long a conversation nothing happens in (no turn, not looked at) is kept in the store before it is
    /// forgotten, with its state, its record and its shown turns; nil: until a client deletes it.
    public var conversationRetention: Duration? = .seconds(30 * 86_400)
    /// How the server holds up against slow or many connections.
    public var connectionLimits: ConnectionLimits
    /// The token a scraper sends for `/metrics`, and the only one it takes there; nil: the access token.
    public var metricsToken: String?
    /// How long a stopping server waits for the turns in flight before it stops anyway.
    public var drainTimeout: Duration = .seconds(20)
    /// Threads of its own that run the requests, for a store whose every statement waits on the network
    /// (PostgreSQL): a wait then holds one of them, not one of Swift's few shared threads. Nil: Swift's threads,
    /// best for SQLite, whose statements seldom wait.
    public var requestThreads: Int?

    public init(host: String = "127.0.0.1", port: Int = 8080, accessToken: String, allowedHostNames: [String] = [],
                maximumBodySize: Int = 64 * 1024, maximumLiveConversations: Int = 1000,
                connectionLimits: ConnectionLimits = ConnectionLimits()) {
        self.host = host
        self.port = port
        self.accessToken = accessToken
        self.allowedHostNames = allowedHostNames
        self.maximumBodySize = maximumBodySize
        self.maximumLiveConversations = maximumLiveConversations
        self.connectionLimits = connectionLimits
    }

    /// Whether the address only reaches this machine: `localhost`, `::1` or an IPv4 address in 127/8
    /// (written as an address: "127.0.0.1.nip.io" is a name that resolves anywhere).
    public var isLoopback: Bool {
        let address = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return address == "localhost" || address == "::1" || (AllowedHosts.isIPv4(address) && address.hasPrefix("127."))
    }

    /// The names the `Host` header may give.
    public var allowedHosts: AllowedHosts { AllowedHosts(boundTo: host, extra: allowedHostNames) }

    /// Checks that the server can start safely.
    public func validate() throws(ServerSetupError) {
        guard (0...65535).contains(port) else { throw ServerSetupError("port \(port) is not between 0 and 65535") }
        if accessToken.count < 16 {
            throw ServerSetupError("the access token is too short to be safe; use at least 16 characters")
        }
        if accessToken.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value > 0x7E }) {
            throw ServerSetupError("the access token must be printable ASCII without spaces")
        }
        if let metricsToken {
            guard metricsToken.count >= 16, !metricsToken.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value > 0x7E }) else {
                throw ServerSetupError("the metrics token must be at least 16 printable ASCII characters without spaces")
            }
            guard metricsToken != accessToken else {
                throw ServerSetupError("the metrics token must differ from the access token: a scraper's token should open nothing else")
            }
        }
    }
}

/// Why the server cannot start, in words an operator can act on.
public struct ServerSetupError: Error, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

import Foundation

/// How `parlance serve` listens and whom it lets in.
public struct ServerConfiguration: Sendable {
    /// The address to bind: loopback unless the operator says otherwise.
    public var host: String
    /// The port; 0 picks a free one (printed when the server is running).
    public var port: Int
    /// The token every API request must carry (`Authorization: Bearer …`); required off loopback.
    public var accessToken: String?
    /// The largest request body read, in bytes.
    public var maximumBodySize: Int
    /// How many conversations stay in memory; the least recently used idle one is put away (its state
    /// stays saved, and it comes back when it is used again).
    public var maximumLiveConversations: Int

    public init(host: String = "127.0.0.1", port: Int = 8080, accessToken: String? = nil,
                maximumBodySize: Int = 64 * 1024, maximumLiveConversations: Int = 1000) {
        self.host = host
        self.port = port
        self.accessToken = accessToken
        self.maximumBodySize = maximumBodySize
        self.maximumLiveConversations = maximumLiveConversations
    }

    /// Whether the address only reaches this machine.
    public var isLoopback: Bool {
        let address = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return address == "localhost" || address == "::1" || address.hasPrefix("127.")
    }

    /// Checks that the server can start safely: off loopback, a token is required.
    public func validate() throws(ServerSetupError) {
        if !isLoopback && accessToken == nil {
            throw ServerSetupError("binding to \(host) lets other machines reach the assistant; give an access token with "
                + "--token-file FILE (requests must then send it), or bind to 127.0.0.1")
        }
        guard (0...65535).contains(port) else { throw ServerSetupError("port \(port) is not between 0 and 65535") }
        if let token = accessToken, token.count < 16 {
            throw ServerSetupError("the access token is too short to be safe; use at least 16 characters")
        }
    }
}

/// Why the server cannot start, in words an operator can act on.
public struct ServerSetupError: Error, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

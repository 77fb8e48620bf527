/// Deadlines and limits of the extension host. The defaults suit an interactive assistant.
public struct HostingPolicy: Sendable, Equatable {
    /// From launch to the answer of `initialize`.
    public var startDeadline: Duration = .seconds(5)
    /// For each `resolve` and `confirm` call (SiriKit asks for answers within a few seconds).
    public var resolveDeadline: Duration = .seconds(5)
    /// For `handle`; longer work should answer `inProgress`. The extension reports `$/progress` meanwhile.
    public var handleDeadline: Duration = .seconds(30)
    /// How often a running `handle` reports progress.
    public var progressInterval: Duration = .seconds(1)
    /// An extension unused this long is stopped.
    public var idleTimeout: Duration = .seconds(120)
    /// At most this many extension processes run; starting one more stops the least recently used idle one.
    public var maximumLiveExtensions = 8
    /// Time `stop` gives an extension to exit after `shutdown` before ending it by force.
    public var stopGrace: Duration = .milliseconds(500)
    /// Waits before restarting an extension after consecutive failures: none after the first,
    /// then `firstBackoff`, doubling up to `maximumBackoff`.
    public var firstBackoff: Duration = .milliseconds(500)
    /// The longest wait between restarts.
    public var maximumBackoff: Duration = .seconds(30)

    /// The default policy.
    public init() {}
}

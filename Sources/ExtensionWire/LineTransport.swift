import Foundation

/// Why a transport stopped delivering lines.
public enum TransportClosure: Sendable, Equatable {
    /// The process exited with this status code.
    case exited(status: Int32)
    /// The process was killed by this signal.
    case signaled(signal: Int32)
    /// The extension sent a line longer than the limit; the process was stopped.
    case oversizedLine(limit: Int)
    /// The transport was stopped by the assistant.
    case stopped
}

/// Receives what a transport delivers. Called from the transport's own thread, one call at a time.
public protocol LineTransportDelegate: AnyObject, Sendable {
    /// A complete line from the extension, newline removed.
    func transport(didReceive line: Data)
    /// The transport ended; no more lines follow.
    func transport(didClose closure: TransportClosure)
}

/// Carries lines between the assistant and one extension: a process's pipes, or an in-process server.
/// Everything above it (JSON-RPC, deadlines, restarts) is the same whichever transport runs.
public protocol LineTransport: AnyObject, Sendable {
    /// Begins delivering lines to the delegate.
    func start(delegate: any LineTransportDelegate) throws(TransportError)
    /// Sends one line (newline included). Fails when the extension has gone or stopped reading.
    func send(_ line: Data) async throws(TransportError)
    /// Asks the extension to end (closes its input), waits up to `grace`, then ends it by force.
    /// Returns once the extension is gone and reaped.
    func stop(grace: Duration) async
    /// Ends the extension at once (a hung or misbehaving one); `stop` or the delegate's close follows.
    func terminate()
}

/// A transport-level failure.
public struct TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of transport failure.
    public enum Kind: Sendable, Equatable {
        /// The executable could not be started.
        case launchFailed
        /// The extension is gone: its input is closed.
        case closed
        /// The extension has not read its input for too long.
        case notReading
    }

    /// The kind.
    public let kind: Kind
    /// What happened, for people.
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

import ExtensionWire
import Foundation

/// Why a call to an app's extension failed. Each kind is distinct, so the conversation can tell the
/// user what happened; the message names the app and says what to do.
public struct HostingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The executable could not be started (missing, not executable).
        case launchFailed
        /// The process exited before answering `initialize`.
        case exitedAtStart
        /// The process did not answer `initialize` within the start deadline.
        case startTimedOut
        /// The process speaks another protocol version.
        case incompatibleVersion
        /// The process died while a call was in flight.
        case crashed
        /// No reply within the call's deadline; the process was stopped.
        case deadlineExceeded
        /// The process wrote a line that is not JSON-RPC; it was stopped.
        case malformedMessage
        /// The process wrote a line over the size limit; it was stopped.
        case oversizedMessage
        /// The extension does not implement the method.
        case methodNotFound
        /// The extension answered with an error (no handler, bad parameters…).
        case extensionError
        /// The extension failed several times in a row; the next attempt waits.
        case backingOff
        /// The extension stopped reading its input.
        case notReading
        /// The extension was stopped (the assistant is shutting down) while the call waited.
        case stopped
        /// The request was not sent: what the caller had to record before it leaves could not be recorded.
        case notSent
        /// The extension broke a rule of docs/protocol.md: too many or too few choices, a result or
        /// response of the wrong class, an empty list of results, a reply to a request never sent.
        case protocolViolation
    }

    /// The kind.
    public let kind: Kind
    /// The app's name.
    public let appName: String
    /// What happened, for people.
    public let message: String
    /// The error code the extension sent, for `extensionError` and `methodNotFound`.
    public let wireCode: Int?

    init(_ kind: Kind, app: String, _ message: String, wireCode: Int? = nil) {
        self.kind = kind
        self.appName = app
        self.message = message
        self.wireCode = wireCode
    }

    public var description: String { message }

    /// The failure an extension's end is. Nothing it wrote is quoted (a message the user sees is the host's
    /// words alone); `appIdentifier` says where its stderr is.
    static func from(_ closure: TransportClosure, app: String, during method: String, appIdentifier: String) -> HostingError {
        let tail = "; what it wrote to stderr is in `parlance apps log \(appIdentifier)`"
        switch closure {
        case let .exited(status):
            return HostingError(.crashed, app: app, "\(app)'s extension exited (status \(status)) during \(method)\(tail)")
        case let .signaled(signal):
            return HostingError(.crashed, app: app,
                                "\(app)'s extension crashed (\(SignalName.of(signal))) during \(method)\(tail)")
        case let .oversizedLine(limit):
            return HostingError(.oversizedMessage, app: app,
                                "\(app)'s extension sent a message over \(limit) bytes during \(method); it was stopped")
        case .stopped:
            return HostingError(.stopped, app: app, "\(app)'s extension was stopped during \(method)")
        }
    }
}

/// Readable names of the signals that usually end a crashed process.
enum SignalName {
    static func of(_ signal: Int32) -> String {
        let names: [Int32: String] = [4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL",
                                      11: "SIGSEGV", 13: "SIGPIPE", 15: "SIGTERM"]
        return names[signal] ?? "signal \(signal)"
    }
}

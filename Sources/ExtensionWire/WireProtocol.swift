import Foundation

/// Constants of the wire protocol between the assistant and an extension process (docs/protocol.md).
public enum WireProtocol {
    /// The protocol version this build speaks; exchanged by `initialize`.
    public static let version = 1

    /// The longest line either side accepts, newline excluded: 1 MiB.
    public static let maximumLineLength = 1 << 20

    /// The encoder for every message: compact, keys sorted, slashes unescaped, never a raw newline.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Encodes one message as a line, newline included: the bytes `encoder()` writes, through `JSONValue`
    /// rather than Foundation's encoder (half the time for a resolve request).
    public static func line(_ message: some Encodable) throws -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        try JSONTextWriter.write(JSONValueEncoder().encode(message), into: &bytes)
        bytes.append(0x0A)
        return Data(bytes)
    }

    /// Decodes one received message (a line without its newline), as `JSONDecoder` would, through `JSONValue`.
    public static func decode<T: Decodable>(_ type: T.Type, from line: Data) throws -> T {
        try JSONValueDecoder().decode(type, from: JSONValue(jsonData: line))
    }
}

/// The methods of the protocol, requests and notifications.
public enum WireMethod: String, Sendable, CaseIterable {
    /// Request, assistant → extension: version exchange; must come first.
    case initialize
    /// Request: resolve one or several parameters of an intent.
    case resolve
    /// Request: confirm an intent.
    case confirm
    /// Request: handle an intent.
    case handle
    /// Request: start ride status updates (`INGetRideStatusIntent`).
    case startUpdates = "updates/start"
    /// Request: stop ride status updates.
    case stopUpdates = "updates/stop"
    /// Request (to an Intents UI extension): the view for an interaction.
    case configureView = "ui/configure"
    /// Request: finish in-flight work and exit.
    case shutdown
    /// Notification, extension → assistant: a `handle` is still running.
    case progress = "$/progress"
    /// Notification, extension → assistant: a new ride status after `updates/start`.
    case update = "updates/response"
}

/// The error codes of the protocol: JSON-RPC's own and Parlance's (-32000 and below).
public enum WireErrorCode: Int, Sendable, CaseIterable {
    /// The line is not valid JSON.
    case parseError = -32700
    /// The JSON is not a JSON-RPC request.
    case invalidRequest = -32600
    /// The extension does not know the method.
    case methodNotFound = -32601
    /// The parameters are wrong: unknown intent, parameter or property, wrong type.
    case invalidParams = -32602
    /// The extension failed unexpectedly.
    case internalError = -32603
    /// A call before `initialize`, or `initialize` with an unsupported protocol version.
    case notInitialized = -32002
    /// The extension has no handler for the intent, or the handler does not implement the method.
    case notHandled = -32001
    /// The extension is shutting down and takes no new calls.
    case shuttingDown = -32003
}

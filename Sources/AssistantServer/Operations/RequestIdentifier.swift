import Foundation
import Logging

/// The id of the HTTP request a task works for: the client's `X-Request-ID` when it is sane (1–64 of
/// `A–Z a–z 0–9 - _ . : @`), else a new random one. Sent back in the response's `X-Request-ID`, and put in
/// every log line written for the request (its turn, its extension calls, its store errors) through
/// `metadataProvider` as `request-id`.
public enum RequestIdentifier {
    /// The request the current task works for, if any.
    @TaskLocal public static var current: String?

    /// The header's name.
    static let header = "X-Request-ID"

    /// The longest id taken from a client.
    static let maximumLength = 64

    /// The client's id when it is sane, else nil.
    static func accepted(_ given: String?) -> String? {
        guard let given, (1...maximumLength).contains(given.utf8.count) else { return nil }
        let allowed = given.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x3A || byte == 0x40
        }
        return allowed ? given : nil
    }

    /// A new id: 16 random bytes in hex.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// Adds `request-id` to every log line written while a task works for a request; bootstrap the logging
    /// system with it (`LoggingSystem.bootstrap(_:metadataProvider:)`).
    public static let metadataProvider = Logger.MetadataProvider {
        guard let id = current else { return [:] }
        return ["request-id": .string(id)]
    }
}

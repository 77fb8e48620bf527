import Foundation

/// The names a request's `Host` may give for this server. An IP address is always accepted (a page cannot
/// make a browser send one for its own site), and so are `localhost`, the name the server was bound to and
/// the names the operator lists; any other name is what a DNS-rebinding page sends, and is refused.
public struct AllowedHosts: Sendable, Equatable {
    /// Lower-cased names, without ports.
    public let names: Set<String>

    public init(boundTo host: String, extra: [String] = []) {
        var names: Set<String> = ["localhost"]
        for name in [host] + extra {
            let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
            if !trimmed.isEmpty { names.insert(Self.stripBrackets(trimmed)) }
        }
        self.names = names
    }

    /// Whether a `Host` header ("name", "name:port", "[v6]:port") names this server.
    public func allows(authority: String) -> Bool {
        let lowered = authority.lowercased()
        guard !lowered.isEmpty, !lowered.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
            return false
        }
        let host: String
        if lowered.hasPrefix("[") {
            guard let end = lowered.firstIndex(of: "]") else { return false }
            host = String(lowered[lowered.index(after: lowered.startIndex)..<end])
            let rest = lowered[lowered.index(after: end)...]
            guard rest.isEmpty || Self.isPort(rest.dropFirst()) && rest.first == ":" else { return false }
            return Self.isIPv6(host)
        }
        let parts = lowered.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return false }
        if parts.count == 2, !Self.isPort(parts[1]) { return false }
        host = String(parts[0])
        let name = host.hasSuffix(".") ? String(host.dropLast()) : host
        return Self.isIPv4(name) || names.contains(name)
    }

    static func isPort(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 5 && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber)
    }

    /// Four decimal numbers 0…255, as the address itself (not "127.0.0.1.nip.io").
    static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber } && (Int(part) ?? 256) <= 255
        }
    }

    static func isIPv6(_ text: String) -> Bool {
        var address = in6_addr()
        return text.withCString { inet_pton(AF_INET6, $0, &address) } == 1
    }

    private static func stripBrackets(_ text: String) -> String {
        text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
    }
}

import Foundation
import ParlanceCore

/// Where a PostgreSQL store lives, read from a `postgres://user:password@host:port/database` URL (also
/// `postgresql://`). The host may be a folder (`?host=/run/postgresql`) for a Unix socket; the port defaults to
/// 5432 and the user to the login name.
public struct PostgresAddress: Sendable, Equatable, CustomStringConvertible {
    /// The server's host name or address, or nil for a Unix socket.
    public var host: String?
    /// The server's port.
    public var port: Int
    /// The folder of the server's Unix socket, when connecting through one.
    public var socketFolder: String?
    /// The role to connect as.
    public var username: String
    /// The role's password, if any.
    public var password: String?
    /// The database's name.
    public var database: String

    /// Whether a `--store` value names a PostgreSQL database rather than a folder.
    public static func isPostgresURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Reads a `postgres://` URL; throws `cannotOpen` saying what is wrong with it.
    public init(url text: String) throws(StoreError) {
        guard Self.isPostgresURL(text), let components = URLComponents(string: text) else {
            throw StoreError(.cannotOpen, "'\(text)' is not a PostgreSQL URL; write postgres://USER:PASSWORD@HOST:PORT/DATABASE")
        }
        let query = components.queryItems ?? []
        socketFolder = query.first { $0.name == "host" }?.value.flatMap { $0.hasPrefix("/") ? $0 : nil }
        host = socketFolder == nil ? (components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "localhost") : nil
        port = components.port ?? 5432
        username = components.user.flatMap { $0.removingPercentEncoding }
            ?? ProcessInfo.processInfo.environment["USER"] ?? "postgres"
        password = components.password.flatMap { $0.removingPercentEncoding }
        let path = String(components.path.drop { $0 == "/" })
        guard !path.isEmpty, !path.contains("/") else {
            throw StoreError(.cannotOpen, "the PostgreSQL URL names no database; write postgres://USER@HOST:PORT/DATABASE")
        }
        database = path.removingPercentEncoding ?? path
    }

    /// The address without its password, for messages and logs.
    public var description: String {
        let place = socketFolder.map { "?host=\($0)" } ?? ""
        return "postgres://\(username)@\(host ?? ""):\(port)/\(database)\(place)"
    }
}

import Foundation
import Logging
import NIOCore
import NIOPosix
import ParlanceCore
import PostgresNIO
import Synchronization

/// A few connections to one PostgreSQL database, lent one at a time to a caller that waits for its answers
/// (the store's protocols are synchronous, as SQLite's are). A connection that broke is dropped, not lent again;
/// a new one is opened when none is idle.
final class PostgresLink: Sendable {
    /// Whether a write must be on disk before the call returns.
    enum Durability: Sendable {
        /// Committed durably (PostgreSQL's `synchronous_commit`): the journal, the user's permissions, vocabulary,
        /// settings and accounts.
        case durable
        /// Committed without waiting for the disk: what a conversation shows and where it stands, written several
        /// times a turn. A database that crashes may lose the last fraction of a second of them, never out of
        /// order: a durable commit after them puts them on disk too, and the journal's are durable.
        case relaxed
    }

    let address: PostgresAddress
    private let configuration: PostgresConnection.Configuration
    /// `configuration` for connections whose writes are `relaxed`.
    private let relaxedConfiguration: PostgresConnection.Configuration
    private let idle = Mutex<[PostgresConnection]>([])
    private let idleRelaxed = Mutex<[PostgresConnection]>([])
    /// Connections for the waits of `PostgresTurnLock`, used only from async code.
    private let idleWaiting = Mutex<[PostgresConnection]>([])
    private let nextID = Atomic<Int>(1)
    /// The values of reads kept for scopes (`cachedRead`).
    let readCache = PostgresReadCache()
    let logger: Logger
    /// How many idle connections are kept open.
    private let keptIdle = 8

    init(address: PostgresAddress) {
        self.address = address
        var configuration: PostgresConnection.Configuration
        if let folder = address.socketFolder {
            configuration = .init(unixSocketPath: "\(folder)/.s.PGSQL.\(address.port)", username: address.username,
                                  password: address.password, database: address.database)
        } else {
            configuration = .init(host: address.host ?? "localhost", port: address.port, username: address.username,
                                  password: address.password, database: address.database, tls: .disable)
        }
        configuration.options.connectTimeout = .seconds(10)
        self.configuration = configuration
        var relaxed = configuration
        relaxed.options.additionalStartupParameters = [("synchronous_commit", "off")]
        relaxedConfiguration = relaxed
        var logger = Logger(label: "parlance.postgres")
        logger.logLevel = .error
        self.logger = logger
    }

    /// Runs `body` with a connection of its own; the connection is lent to no one else meanwhile. Its writes are
    /// committed as `durability` says.
    func withConnection<T>(_ durability: Durability = .durable,
                           _ body: (PostgresSession) throws -> T) throws(StoreError) -> T {
        try TurnTimeMeter.measure(.store) { () throws(StoreError) in try withConnectionNow(durability, body) }
    }

    private func withConnectionNow<T>(_ durability: Durability, _ body: (PostgresSession) throws -> T) throws(StoreError) -> T {
        let connection = try take(durability)
        let session = PostgresSession(connection: connection, logger: logger)
        do {
            let value = try body(session)
            give(back: connection, durability)
            return value
        } catch let error as StoreError {
            give(back: connection, durability)
            throw error
        } catch {
            give(back: connection, durability)
            throw StoreError(.database, "the PostgreSQL store \(address) refused: \(Self.describe(error))")
        }
    }

    /// Runs `body` in one transaction (READ COMMITTED, committed durably before the call returns: PostgreSQL's
    /// `synchronous_commit` is left on), rolled back when it throws.
    func transaction<T>(_ body: (PostgresSession) throws -> T) throws(StoreError) -> T {
        try withConnection { session in
            try session.execute("BEGIN")
            do {
                let value = try body(session)
                try session.execute("COMMIT")
                return value
            } catch {
                _ = try? session.execute("ROLLBACK")  // a broken connection is dropped anyway
                throw error
            }
        }
    }

    /// Runs a read of the tables turns read (`PostgresReadCache`). `read` returns the value and the generation of
    /// `store_changes` its statement saw (nil when it could not tell). Inside a `StoreReadScope` that reads this
    /// database at the generation a kept value was read at, that value is the answer, without a round trip;
    /// otherwise the database is read, its generation recorded in the scope (when it has none yet) and the value
    /// kept. Outside a scope the database is always read.
    func cachedRead<T: Sendable>(_ key: String,
                                 _ read: (PostgresSession) throws -> (value: T, generation: Int?)) throws(StoreError) -> T {
        guard let scope = StoreReadScope.current else { return try withConnection { try read($0).value } }
        if let generation = scope.generation(of: scopeName), let kept: T = readCache.value(key, at: generation) {
            return kept
        }
        let (value, generation) = try withConnection { try read($0) }
        if let generation {
            scope.record(generation, of: scopeName)
            readCache.keep(value, generation: generation, for: key)
        }
        return value
    }

    /// Records, for the current scope, a generation of `store_changes` read with a value that is not kept
    /// (a conversation's saved state): the scope's later reads are at that generation.
    func noteGeneration(_ generation: Int?) {
        guard let generation, let scope = StoreReadScope.current else { return }
        scope.record(generation, of: scopeName)
    }

    /// Runs a write to the tables turns read in one transaction. The current scope, if any, forgets its
    /// generation, so that its next read goes to the database and sees the write (the write moved the
    /// generation on in the same transaction, through the tables' triggers).
    /// `inTransaction: false` is for a body of one statement, which is its own transaction.
    func changing<T>(inTransaction: Bool = true, _ body: (PostgresSession) throws -> T) throws(StoreError) -> T {
        defer { StoreReadScope.current?.forget(scopeName) }
        return inTransaction ? try transaction(body) : try withConnection(.durable, body)
    }

    /// What scopes record this database's generations under.
    var scopeName: String { address.description }

    /// The column a cached read adds to its statement: the generation its snapshot saw.
    static let generationColumn = "(SELECT generation FROM store_changes WHERE id = 1) AS store_generation"

    deinit {
        close()  // a connection must be closed before it goes
    }

    /// Closes the idle connections.
    func close() {
        let connections = idle.withLock { connections in
            defer { connections.removeAll() }
            return connections
        } + idleRelaxed.withLock { connections in
            defer { connections.removeAll() }
            return connections
        } + idleWaiting.withLock { connections in
            defer { connections.removeAll() }
            return connections
        }
        for connection in connections { _ = try? connection.close().wait() }
    }

    private func take(_ durability: Durability) throws(StoreError) -> PostgresConnection {
        while let connection = idleConnections(durability, waiting: false, { $0.popLast() }) {
            if !connection.isClosed { return connection }
        }
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        do {
            return try PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.next(),
                                                  configuration: durability == .durable ? configuration : relaxedConfiguration,
                                                  id: id, logger: logger).wait()
        } catch {
            throw StoreError(.cannotOpen, "cannot connect to the PostgreSQL store \(address): \(Self.describe(error))")
        }
    }

    /// A connection for a wait that may be long (another server's turn), taken without blocking a thread.
    func connectWaiting() async throws(StoreError) -> PostgresConnection {
        while let connection = idleWaiting.withLock({ $0.popLast() }) {
            if !connection.isClosed { return connection }
        }
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        do {
            return try await PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.next(),
                                                        configuration: configuration, id: id, logger: logger).get()
        } catch {
            throw StoreError(.cannotOpen, "cannot connect to the PostgreSQL store \(address): \(Self.describe(error))")
        }
    }

    /// Takes back a connection that is idle again (`waiting`: one of `connectWaiting`'s; else one `take` opened
    /// for `durability`); closes it beyond the few kept.
    func give(back connection: PostgresConnection, _ durability: Durability = .durable, waiting: Bool = false) {
        guard !connection.isClosed else { return }
        let limit = keptIdle
        let kept = idleConnections(durability, waiting: waiting) { connections in
            guard connections.count < limit else { return false }
            connections.append(connection)
            return true
        }
        // The connection must outlive its closing (PostgresNIO asserts a connection is closed before it goes),
        // so the completion handler holds it.
        if !kept { connection.close().whenComplete { _ in withExtendedLifetime(connection) {} } }
    }

    /// Runs `body` on the idle connections of one kind.
    private func idleConnections<R: Sendable>(_ durability: Durability, waiting: Bool,
                                              _ body: (inout sending [PostgresConnection]) -> sending R) -> R {
        if waiting { return idleWaiting.withLock(body) }
        return durability == .durable ? idle.withLock(body) : idleRelaxed.withLock(body)
    }

    /// The server's own message when there is one ("duplicate key…"), else the error's description.
    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            return "\(error.code)"
        }
        return "\(error)"
    }
}

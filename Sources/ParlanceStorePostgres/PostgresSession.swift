import Foundation
import Logging
import NIOCore
import PostgresNIO

/// One connection lent by `PostgresLink`, with the few calls the store makes: statements with `$1…` parameters,
/// waited for.
struct PostgresSession {
    let connection: PostgresConnection
    let logger: Logger

    /// A statement's parameter.
    enum Value {
        case text(String)
        case int(Int)
        case bool(Bool)
        case date(Date)
        case null
    }

    /// Runs a statement and returns its rows.
    @discardableResult
    func rows(_ sql: String, _ values: [Value] = []) throws -> [PostgresRandomAccessRow] {
        try run(sql, values).rows.map { $0.makeRandomAccess() }
    }

    /// Runs a statement and returns how many rows it changed.
    @discardableResult
    func execute(_ sql: String, _ values: [Value] = []) throws -> Int {
        try run(sql, values).metadata.rows ?? 0
    }

    /// The first column of the first row, or nil when there is no row.
    func value<T: PostgresDecodable>(_ type: T.Type, _ sql: String, _ values: [Value] = []) throws -> T? {
        guard let row = try rows(sql, values).first, row[0].bytes != nil else { return nil }
        return try row[0].decode(T.self)
    }

    private func run(_ sql: String, _ values: [Value]) throws -> PostgresQueryResult {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .text(let text): bindings.append(text)
            case .int(let number): bindings.append(number)
            case .bool(let flag): bindings.append(flag)
            case .date(let date): bindings.append(date)
            case .null: bindings.appendNull()
            }
        }
        return try connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger).wait()
    }
}

extension PostgresSession.Value {
    /// Text, or NULL.
    static func optional(_ text: String?) -> Self { text.map { .text($0) } ?? .null }
}

import Foundation

/// The PostgreSQL server the tests that need one use: `PARLANCE_TEST_POSTGRES`, a `postgres://` URL of a database
/// the tests may create other databases from (`.ci/run` starts a server and sets it). Without it those tests are
/// skipped, saying so. Each test gets a database of its own, made with `psql`, so tests never see each other's rows.
package enum PostgresTestDatabase {
    /// The server's URL, or nil when the tests that need PostgreSQL are to be skipped.
    package static let serverURL: String? = {
        guard let url = ProcessInfo.processInfo.environment["PARLANCE_TEST_POSTGRES"], !url.isEmpty else { return nil }
        return url
    }()

    /// Why the PostgreSQL tests are skipped.
    package static let skipReason = "PostgreSQL tests are skipped: set PARLANCE_TEST_POSTGRES=postgres://USER@HOST:PORT/DATABASE "
        + "(a server where the user may create databases; .ci/run starts one)"

    /// A new empty database on the test server; its URL. Throws when there is no server or `psql` fails.
    package static func make() throws -> String {
        guard let serverURL, var components = URLComponents(string: serverURL) else {
            throw Failure(message: skipReason)
        }
        let name = "parlance_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try psql(serverURL, "CREATE DATABASE \(name)")
        components.path = "/" + name
        guard let url = components.string else { throw Failure(message: "cannot make a URL for \(name)") }
        return url
    }

    /// Drops a database `make` made (failures ignored: the server is a throwaway one).
    package static func drop(_ url: String) {
        guard let serverURL, let name = URLComponents(string: url)?.path.dropFirst(), name.hasPrefix("parlance_test_") else {
            return
        }
        try? psql(serverURL, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// Runs one statement with `psql` against `url`.
    package static func psql(_ url: String, _ statement: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", url, "-v", "ON_ERROR_STOP=1", "-qXc", statement]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(message: "psql \(statement) failed: \(String(decoding: said, as: UTF8.self))")
        }
    }

    /// A database that could not be made.
    package struct Failure: Error, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }
}

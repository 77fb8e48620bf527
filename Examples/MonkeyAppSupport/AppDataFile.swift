import Foundation
import Glibc
import Intents

/// A sample app's own persistent state: one JSON file in `<Parlance home>/app-data/<bundle id>/`,
/// read and written under an exclusive file lock, so the app's main program and its extension
/// process can both change it safely.
public struct AppDataFile<State: Codable & Sendable>: Sendable {
    public let url: URL
    private let initial: @Sendable () -> State

    /// - Parameter initial: the state of a fresh install (the demo data).
    public init(appIdentifier: String, initial: @escaping @Sendable () -> State) {
        let folder = ParlanceHomeFolder.resolve().appendingPathComponent("app-data").appendingPathComponent(appIdentifier)
        self.url = folder.appendingPathComponent("state.json")
        self.initial = initial
    }

    /// The current state.
    public func read() throws -> State {
        try locked { try load() }
    }

    /// Changes the state and saves it atomically; returns what `body` returns.
    @discardableResult
    public func update<T>(_ body: (inout State) throws -> T) throws -> T {
        try locked {
            var state = try load()
            let result = try body(&state)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            try encoder.encode(state).write(to: url, options: .atomic)
            return result
        }
    }

    /// Forgets everything (the app's "reset").
    public func reset() throws {
        try locked {
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
        }
    }

    private func load() throws -> State {
        guard let data = try? Data(contentsOf: url) else { return initial() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(State.self, from: data)
    }

    private func locked<T>(_ body: () throws -> T) throws -> T {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let descriptor = open(folder.appendingPathComponent(".lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw AppError("cannot open the lock in \(folder.path)") }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { throw AppError("cannot lock \(folder.path)") }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}

/// A failure of a sample app's command, printed for the user.
public struct AppError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

import Foundation

/// Where a home keeps its Whisper service: `<home>/speech/whisper/`.
public struct WhisperFolder: Sendable, Equatable {
    public let root: URL

    public init(home: URL) {
        root = home.appendingPathComponent("speech").appendingPathComponent("whisper")
    }

    /// The choices made by `parlance speech setup`.
    public var settings: URL { root.appendingPathComponent("settings.json") }
    /// The Python environment setup makes when it is given none.
    public var environment: URL { root.appendingPathComponent("venv") }
    /// Models the service fetches by itself (tiny, small).
    public var downloads: URL { root.appendingPathComponent("models") }
    /// The running service: its process, port, model and prompt.
    public var record: URL { root.appendingPathComponent("service.json") }
    /// Held while a command checks, starts or stops the service, so a home starts it at most once.
    public var lock: URL { root.appendingPathComponent("service.lock") }
    /// What the service prints.
    public var log: URL { root.appendingPathComponent("service.log") }
}

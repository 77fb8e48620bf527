import Foundation
import Synchronization

/// Names the folder a home's apps keep their data in (`<home>/app-data`), the same after a restart, a new host
/// name or a moved volume, and different for every other home: a random name kept in the folder itself, made once.
/// Servers that share a store each have their own folder, and an app's record of what it handled is in one of them.
enum AppDataPlace {
    private static let known = Mutex<[String: String]>([:])

    /// The name of `home`'s app data folder; without a home (or when the folder cannot keep its name), the home's
    /// path on this machine.
    static func name(home: String?) -> String {
        guard let home else { return hostName() + ":" }
        if let name = known.withLock({ $0[home] }) { return name }
        let name = keptName(in: URL(fileURLWithPath: home).appendingPathComponent("app-data"))
            ?? hostName() + ":" + home
        known.withLock { $0[home] = name }
        return name
    }

    /// The name kept in `folder`, made (atomically, once for every process sharing the folder) when there is none.
    private static func keptName(in folder: URL) -> String? {
        let file = folder.appendingPathComponent(".place")
        if let name = read(file) { return name }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let draft = folder.appendingPathComponent(".place-\(UUID().uuidString)")
            try Data(UUID().uuidString.utf8).write(to: draft)
            defer { unlink(draft.path) }
            // link() fails when the name exists: whoever linked first named the folder, and everyone reads theirs.
            _ = link(draft.path, file.path)
        } catch {
            return nil
        }
        return read(file)
    }

    private static func read(_ file: URL) -> String? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    private static func hostName() -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "localhost" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

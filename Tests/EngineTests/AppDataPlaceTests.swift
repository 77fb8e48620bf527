import Foundation
@testable import ParlanceEngine
import Testing

/// The name of a home's app data folder: kept in the folder, so it follows the data (not the host name or the
/// path), and every other home's differs.
struct AppDataPlaceTests {
    @Test("a home's app data keeps one name, written in the folder; another home has another")
    func keptInTheFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("place-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let first = root.appendingPathComponent("a").path
        let second = root.appendingPathComponent("b").path
        let name = AppDataPlace.name(home: first)
        #expect(AppDataPlace.name(home: first) == name)
        let kept = try String(contentsOfFile: first + "/app-data/.place", encoding: .utf8)
        #expect(kept == name && UUID(uuidString: kept) != nil)
        #expect(AppDataPlace.name(home: second) != name)
        // Only the kept name remains: the draft each process writes is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: first + "/app-data") == [".place"])
    }
}

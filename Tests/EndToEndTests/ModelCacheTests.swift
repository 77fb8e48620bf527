import Foundation
import TestSupport
import Testing

/// The model cache in the home: a process loads the models the one before trained, a damaged cache
/// file is rebuilt rather than trusted, and after an app install the previous model answers while the
/// new one trains.
@Suite(.waitsBlocking) struct ModelCacheTests {
    private static let requests = "text Anna on Chatterly saying the train is late\nwhat's the weather\nsend a message to Bobo\n"

    private func models(_ cli: CommandRunner) throws -> [URL] {
        let folder = cli.home.appendingPathComponent("models")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "model" }.sorted { $0.path < $1.path }
    }

    @Test("the next process loads the cached model, gives the same answers and leaves the file alone")
    func cachedModelIsReused() throws {
        let cli = CommandRunner()
        defer { cli.remove() }
        _ = try cli.run(["apps", "install", EvaluationFiles.url("apps-dev/Chatterly.app").path])
        let first = try cli.run(["parse", "--language", "en", "--now", "2026-11-21"], input: Self.requests)
        #expect(first.status == 0, "\(first.stderr)")
        let files = try models(cli)
        #expect(files.count == 1 && files[0].lastPathComponent.hasPrefix("en-"), "\(files)")
        let file = try #require(files.first)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let written = try Data(contentsOf: file)

        let second = try cli.run(["parse", "--language", "en", "--now", "2026-11-21"], input: Self.requests)
        #expect(second.stdout == first.stdout)
        #expect(try models(cli) == files)
        let after = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(after[.modificationDate] as? Date == attributes[.modificationDate] as? Date, "loaded, not trained again")
        #expect(try Data(contentsOf: file) == written)
    }

    @Test("a damaged or truncated cache file is never trusted: it is trained again and rewritten",
          arguments: ["flip", "truncate", "garbage"])
    func damagedCacheIsRebuilt(damage: String) throws {
        let cli = CommandRunner()
        defer { cli.remove() }
        _ = try cli.run(["apps", "install", EvaluationFiles.url("apps-dev/Chatterly.app").path])
        let first = try cli.run(["parse", "--language", "en", "--now", "2026-11-21"], input: Self.requests)
        let file = try #require(try models(cli).first)
        let good = try Data(contentsOf: file)
        var bad = good
        switch damage {
        case "flip": bad[bad.count / 2] ^= 0x5A
        case "truncate": bad = bad.prefix(bad.count - 100)
        default: bad = Data("not a model at all".utf8)
        }
        try bad.write(to: file)
        // What a process killed while writing a model leaves behind.
        let stray = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).4242.tmp")
        try Data(repeating: 7, count: 1000).write(to: stray)

        let second = try cli.run(["parse", "--language", "en", "--now", "2026-11-21"], input: Self.requests)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
        #expect(try Data(contentsOf: file) == good, "training is deterministic: the rewritten file is the original")
        #expect(!FileManager.default.fileExists(atPath: stray.path), "a left-over temporary file is removed")
    }

    @Test("after an app install the previous model answers at once; the new one is trained and cached before exit")
    func installAnswersFromPreviousModel() throws {
        let cli = CommandRunner()
        defer { cli.remove() }
        _ = try cli.run(["apps", "install", EvaluationFiles.url("apps-dev/Chatterly.app").path])
        _ = try cli.run(["parse", "--language", "en", "text Anna saying hi"])
        let before = try models(cli)
        #expect(before.count == 1)
        // Pixbox brings example requests of its own: the models' inputs change.
        _ = try cli.run(["apps", "install", EvaluationFiles.url("apps-dev/Pixbox.app").path])
        let output = try cli.run(["parse", "--language", "en", "--json", "show my beach photos in Pixbox"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("\"intent\":\"INSearchForPhotosIntent\""), "\(output.stdout)")
        let after = try models(cli)
        #expect(after.count == 2, "the new model is cached and the previous one kept: \(after)")
        #expect(Set(before).isSubset(of: Set(after)))
    }
}

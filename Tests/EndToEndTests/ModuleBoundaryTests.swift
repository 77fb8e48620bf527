import Foundation
import TestSupport
import Testing

/// The module graph of docs/architecture.md, as the sources keep it: which module may import which,
/// and the jobs only one module may do (SQLite through GRDB, PostgreSQL through PostgresNIO, spawning processes).
/// It reads every source file, seconds of a debug build's CPU while the whole suite runs: on threads of its own.
@Suite(.computesAtLength) struct ModuleBoundaryTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// Our modules each module may import (SDK and system modules aside).
    static let allowed: [String: Set<String>] = [
        "ParlanceCore": [],
        "ParlanceStore": ["ParlanceCore"],
        "ParlanceStorePostgres": ["ParlanceCore"],
        "ParlanceHosting": ["ParlanceCore"],
        "ParlanceUnderstanding": ["ParlanceCore"],
        "ParlancePresentation": ["ParlanceCore"],
        "ParlanceEngine": ["ParlanceCore", "ParlanceHosting", "ParlanceUnderstanding", "ParlancePresentation"],
        "AssistantServer": ["ParlanceCore", "ParlanceHosting", "ParlanceUnderstanding", "ParlancePresentation",
                            "ParlanceEngine", "ParlanceSpeech"],
        "ParlanceSpeech": [],
        "ParlanceWyoming": ["ParlanceCore", "ParlancePresentation", "ParlanceEngine", "ParlanceSpeech"],
        "ParlanceTesting": ["ParlanceCore", "ParlanceHosting", "ParlanceUnderstanding", "ParlancePresentation",
                            "ParlanceEngine"],
        "ParlanceScripts": ["ParlanceCore", "ParlanceStore", "ParlanceHosting", "ParlanceUnderstanding",
                            "ParlancePresentation", "ParlanceEngine", "ParlanceTesting"],
        // The CLI: everything but the test doubles, which reach it only as the script runner's crash simulation.
        "parlance": ["ParlanceCore", "ParlanceStore", "ParlanceStorePostgres", "ParlanceHosting", "ParlanceUnderstanding",
                     "ParlancePresentation",
                     "ParlanceEngine", "ParlanceScripts", "ParlanceSpeech", "ParlanceWyoming", "ParlanceWhisper",
                     "AssistantServer"],
    ]

    static func files(of module: String) throws -> [(path: String, text: String)] {
        let folder = sources.appendingPathComponent(module)
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var result: [(String, String)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            result.append((url.path, try String(contentsOf: url, encoding: .utf8)))
        }
        return result
    }

    static func imports(_ text: String) -> Set<String> {
        Set(text.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                  words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { return nil }
            return String(words[index + 1])
        })
    }

    @Test("docs/architecture.md names every target of Package.swift: the module table each other one, its tests paragraph each test target")
    func architectureDocumentNamesEveryTarget() throws {
        let root = Self.sources.deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let document = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var targets: Set<String> = []
        var testTargets: Set<String> = []
        for match in manifest.matches(of: /\.(target|executableTarget|testTarget)\(name: "([^"]+)"/) {
            if match.output.1 == "testTarget" { testTargets.insert(String(match.output.2)) } else { targets.insert(String(match.output.2)) }
        }
        #expect(targets.contains("ParlanceCore") && testTargets.contains("EndToEndTests"))
        let section = try #require(document.split(separator: "\n## ").first { $0.hasPrefix("Modules") })
        var tabled: Set<String> = []
        for row in section.split(separator: "\n") where row.hasPrefix("| `") {
            let firstCell = row.split(separator: "|").first ?? ""
            for name in firstCell.matches(of: /`([^`]+)`/) { tabled.insert(String(name.output.1)) }
        }
        #expect(targets.subtracting(tabled).isEmpty, "targets the module table lacks: \(targets.subtracting(tabled).sorted())")
        #expect(tabled.subtracting(targets).isEmpty, "the module table names no such target: \(tabled.subtracting(targets).sorted())")
        let unnamed = testTargets.filter { !section.contains("`\($0)`") }
        #expect(unnamed.isEmpty, "test targets docs/architecture.md does not name: \(unnamed.sorted())")
    }

    @Test("each module imports only the modules below it", arguments: allowed.keys.sorted())
    func layering(module: String) throws {
        let files = try Self.files(of: module)
        #expect(!files.isEmpty)
        for (path, text) in files {
            let ours = Self.imports(text).filter { $0.hasPrefix("Parlance") || $0 == "AssistantServer" }
            let extra = ours.subtracting(Self.allowed[module] ?? [])
            #expect(extra.isEmpty, "\(path) imports \(extra.sorted())")
        }
    }

    @Test("HTTP (Hummingbird) only in the server")
    func serverAtTheEdge() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
        for module in modules where module != "AssistantServer" {
            for (path, text) in try Self.files(of: module) {
                let imports = Self.imports(text)
                #expect(!imports.contains { $0.hasPrefix("Hummingbird") }, "\(path) uses Hummingbird")
            }
        }
    }

    @Test("GRDB only in the SQLite store, PostgresNIO only in the PostgreSQL store, process spawning only in hosting (extensions), speech (engine programs) and Whisper (its service), ArgumentParser only in the CLI")
    func singleJobs() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
        for module in modules where module != "CProcessSpawn" {
            for (path, text) in try Self.files(of: module) {
                let imports = Self.imports(text)
                if imports.contains("GRDB") { #expect(module == "ParlanceStore", "\(path) uses GRDB") }
                if imports.contains("PostgresNIO") { #expect(module == "ParlanceStorePostgres", "\(path) uses PostgresNIO") }
                if imports.contains("ArgumentParser") { #expect(module == "parlance", "\(path) uses ArgumentParser") }
                if imports.contains(where: { $0.hasPrefix("NIO") }) {
                    #expect(["AssistantServer", "ParlanceWyoming", "ParlanceStorePostgres"].contains(module),
                            "\(path) uses SwiftNIO")
                }
                if imports.contains("CProcessSpawn") || text.contains("Process()") || text.contains("posix_spawn") {
                    #expect(["ParlanceHosting", "ParlanceSpeech", "ParlanceWhisper"].contains(module), "\(path) spawns processes")
                }
            }
        }
    }
}

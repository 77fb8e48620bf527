import ExtensionWire
import Foundation
import Intents
import ParlanceCore
import ParlanceHosting
import ParlanceStore

/// Runs many calls and install/launch/stop cycles and compares open descriptors and child processes
/// before and after. Prints one JSON object; returns false on growth.
enum LeakCheck {
    struct Report: Codable {
        var calls: Int
        var cycles: Int
        var descriptorsBefore: Int
        var descriptorsAfter: Int
        var childrenBefore: Int
        var childrenAfter: Int
        var threadsBefore: Int
        var threadsAfter: Int
    }

    static func run(_ endpoint: ExtensionEndpoint, calls: Int, cycles: Int) async throws -> Bool {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-leaks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let bundle = try BenchBundle.write(in: home, executable: endpoint.executable)
        let store = try AssistantStore.open(home: home)
        let host = ExtensionHost(logger: HostBenchmarks.quietLogger())
        // Warm up once so that lazily created runtime threads, store connections and descriptors exist
        // before counting.
        _ = try await host.resolve(["recipients"], of: HostBenchmarks.intent, in: endpoint)
        try store.install(try BundleLoader.load(bundle.path).app)
        _ = try store.app("com.example.bench")
        await host.shutdown()
        try await Task.sleep(for: .milliseconds(100))
        let before = (fds: descriptorCount(), children: childCount(), threads: threadCount())

        for _ in 0..<calls {
            _ = try await host.resolve(["recipients"], of: HostBenchmarks.intent, in: endpoint)
        }
        await host.shutdown()
        for _ in 0..<cycles {
            let loaded = try BundleLoader.load(bundle.path)
            try store.install(loaded.app)
            guard let installed = try store.app(loaded.app.identifier)?.bundle.intentsEndpoint else { return false }
            _ = try await host.handle(HostBenchmarks.intent, in: installed)
            await host.stop(installed.identifier)
        }
        try await Task.sleep(for: .milliseconds(200))
        let report = Report(calls: calls, cycles: cycles, descriptorsBefore: before.fds, descriptorsAfter: descriptorCount(),
                            childrenBefore: before.children, childrenAfter: childCount(),
                            threadsBefore: before.threads, threadsAfter: threadCount())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
        return report.descriptorsAfter <= report.descriptorsBefore && report.childrenAfter <= report.childrenBefore
            && report.threadsAfter <= report.threadsBefore + 2
    }

    static func descriptorCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }

    static func threadCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? -1
    }

    /// Processes whose parent is this one, zombies included.
    static func childCount() -> Int {
        let me = String(getpid())
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && fields[1] == me
        }.count
    }
}

/// A minimal app bundle for the install cycles.
enum BenchBundle {
    static func write(in folder: URL, executable: String) throws -> URL {
        let app = folder.appendingPathComponent("Bench.app")
        let appex = app.appendingPathComponent("PlugIns/BenchIntents.appex")
        try FileManager.default.createDirectory(at: appex, withIntermediateDirectories: true)
        let info: [String: Any] = ["CFBundleIdentifier": "com.example.bench", "CFBundleDisplayName": "Bench",
                                   "NSSiriUsageDescription": "Bench measures the assistant."]
        // The extension's code must be inside its bundle: a script there starts the real one.
        let launcher = appex.appendingPathComponent("BenchIntents")
        try "#!/bin/sh\nexec '\(executable)' \"$@\"\n".write(to: launcher, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: launcher.path)
        let extensionInfo: [String: Any] = [
            "CFBundleIdentifier": "com.example.bench.intents", "CFBundleExecutable": "BenchIntents",
            "NSExtension": ["NSExtensionPointIdentifier": "com.apple.intents-service",
                            "NSExtensionAttributes": ["IntentsSupported": ["INSendMessageIntent"]]]]
        try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
            .write(to: app.appendingPathComponent("Info.plist"))
        try PropertyListSerialization.data(fromPropertyList: extensionInfo, format: .binary, options: 0)
            .write(to: appex.appendingPathComponent("Info.plist"))
        return app
    }
}

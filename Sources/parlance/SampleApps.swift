import Foundation
import ParlanceCore
import ParlanceHosting
import ParlanceStore

/// The sample apps that ship in `Examples/`: where they are, and installing them into a home.
enum SampleApps {
    /// The folder with the sample apps' programs: the folder of this `parlance` binary (SwiftPM builds
    /// them side by side). Extensions find them through `PARLANCE_EXAMPLES_BIN`.
    static var binaryFolder: URL {
        // A bare name ("parlance", found on PATH) is no path in the current folder: the running executable says where.
        let invoked = CommandLine.arguments.first ?? ""
        let executable = invoked.contains("/")
            ? URL(fileURLWithPath: invoked) : URL(fileURLWithPath: Bundle.main.executablePath ?? ".")
        return executable.resolvingSymlinksInPath().deletingLastPathComponent().standardizedFileURL
    }

    /// Makes the sample apps' launchers find the programs built with this binary.
    static func exportBinaryFolder() {
        if ProcessInfo.processInfo.environment["PARLANCE_EXAMPLES_BIN"] == nil {
            setenv("PARLANCE_EXAMPLES_BIN", binaryFolder.path, 1)
        }
    }

    /// The `Examples` folder of the checkout this binary was built from.
    static var examplesFolder: URL? {
        let candidates = [
            binaryFolder.appendingPathComponent("../../../Examples"),  // .build/<triple>/debug
            binaryFolder.appendingPathComponent("../../Examples"),     // .build/debug
            URL(fileURLWithPath: #filePath).appendingPathComponent("../../../Examples"),
        ]
        return candidates.map(\.standardizedFileURL).first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("MonkeyChat/MonkeyChat.app").path)
        }
    }

    /// The bundles of every sample app, in a stable order.
    static func bundles() throws -> [URL] {
        guard let folder = examplesFolder else {
            throw CommandFailure("the sample apps (Examples/) were not found next to this parlance binary")
        }
        let apps = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .flatMap { app in
                ((try? FileManager.default.contentsOfDirectory(at: app, includingPropertiesForKeys: nil)) ?? [])
                    .filter { $0.pathExtension == "app" }
            }
        return apps.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Installs the sample apps and has each app tell the assistant its user vocabulary (as an app
    /// does after its first launch). Returns the apps' display names.
    @discardableResult
    static func install(into store: some ServedStore, home: URL, allow: Bool) throws -> [String] {
        var names: [String] = []
        for bundle in try bundles() {
            let loaded = try BundleLoader.load(bundle.path)
            try store.install(loaded.app)
            if allow { try store.setPermission(.allowed, for: loaded.app.identifier) }
            names.append(loaded.app.displayName)
            if let command = loaded.app.launchCommand?.first {
                _ = try? runAppCommand(bundle.appendingPathComponent(command).path, ["sync"], home: home)
            }
        }
        return names
    }

    /// Runs a sample app's own program with the given home; returns its output.
    static func runAppCommand(_ program: String, _ arguments: [String], home: URL) throws -> (status: Int32, output: String) {
        let folder = ProcessInfo.processInfo.environment["PARLANCE_EXAMPLES_BIN"] ?? binaryFolder.path
        return try AppCommand.run(program, arguments, home: home, environment: ["PARLANCE_EXAMPLES_BIN": folder])
    }
}

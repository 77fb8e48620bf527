import Foundation

/// The code an app bundle runs: where it resolves to (inside the bundle or not) and a fingerprint of it.
struct BundleCode {
    /// A program the bundle names that resolves outside it.
    struct OutsidePlace: Equatable {
        var file: String
        var key: String
        var resolved: String
    }

    let bundle: URL
    let base: String
    /// The bundle folder with symlinks resolved, ending in "/".
    private let realBundle: String

    init(bundle: URL, base: String) {
        self.bundle = bundle
        self.base = base
        let real = bundle.resolvingSymlinksInPath().standardizedFileURL.path
        realBundle = real.hasSuffix("/") ? real : real + "/"
    }

    /// Reverse-DNS characters only: the identifier names folders (the app's data) and files.
    static func isValidIdentifier(_ identifier: String) -> Bool {
        guard let first = identifier.unicodeScalars.first, first != ".", first != "-",
              !identifier.contains(".."), !identifier.hasSuffix(".") else { return false }
        return identifier.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "-")
        }
    }

    /// The extension executables and launch program that resolve outside the bundle.
    func outsideCode(extensions: [AppExtensionInfo], launchCommand: [String]?) -> [OutsidePlace] {
        var places: [OutsidePlace] = []
        for appex in extensions where !appex.executable.isEmpty {
            let resolved = Self.resolve(appex.executable)
            if !isInside(resolved) {
                let folder = URL(fileURLWithPath: appex.path).lastPathComponent
                places.append(OutsidePlace(file: "\(base)/PlugIns/\(folder)/Info.plist", key: "CFBundleExecutable",
                                           resolved: resolved))
            }
        }
        if let program = launchProgram(launchCommand) {
            let resolved = Self.resolve(program)
            if !isInside(resolved) {
                places.append(OutsidePlace(file: "\(base)/Info.plist", key: "ParlanceLaunchCommand", resolved: resolved))
            }
        }
        return places
    }

    /// SHA-256 over each extension's identifier and executable bytes and the launch command with its
    /// program's bytes; nil when nothing could be read.
    func fingerprint(extensions: [AppExtensionInfo], launchCommand: [String]?) -> String? {
        var material = Data()
        for appex in extensions.sorted(by: { $0.identifier < $1.identifier }) where !appex.executable.isEmpty {
            material.append(Data("extension \(appex.identifier)\n".utf8))
            material.append(Data(SHA256.hex(of: Self.contents(appex.executable)).utf8))
        }
        if let launchCommand, let program = launchProgram(launchCommand) {
            material.append(Data("launch \(launchCommand.joined(separator: "\u{1F}"))\n".utf8))
            material.append(Data(SHA256.hex(of: Self.contents(program)).utf8))
        }
        return material.isEmpty ? nil : SHA256.hex(of: material)
    }

    private func launchProgram(_ command: [String]?) -> String? {
        guard let program = command?.first, !program.isEmpty else { return nil }
        return program.hasPrefix("/") ? program : bundle.appendingPathComponent(program).standardizedFileURL.path
    }

    private func isInside(_ resolved: String) -> Bool {
        resolved.hasPrefix(realBundle)
    }

    private static func resolve(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// A file's bytes, read through symlinks; empty when unreadable (a missing executable is reported elsewhere).
    private static func contents(_ path: String) -> Data {
        (try? Data(contentsOf: URL(fileURLWithPath: path).resolvingSymlinksInPath())) ?? Data()
    }
}

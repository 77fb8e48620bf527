import Foundation

/// Builds app bundle folders in a fresh temporary directory from the checked-in Xcode-template plists,
/// with the test extension as the Intents extension's executable.
package struct BundleFixture {
    package let root: URL

    package init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-bundles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    package static func template(_ name: String) throws -> Data {
        let url = TestFixtures.url("XcodeTemplate/\(name)")
        return try Data(contentsOf: url)
    }

    /// Chatterbox.app as Xcode's template leaves it, plus a German InfoPlist.strings.
    /// `edit` changes plists before they are written: (relative path, dictionary) → dictionary.
    package func chatterbox(named folder: String = "Chatterbox.app", binary: Bool = false,
                    edit: (String, inout [String: Any]) -> Void = { _, _ in }) throws -> URL {
        let app = root.appendingPathComponent(folder)
        let appex = app.appendingPathComponent("PlugIns/ChatterboxIntents.appex")
        try FileManager.default.createDirectory(at: appex, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: app.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: app.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
        try writePlist(Self.template("Info.plist"), to: app.appendingPathComponent("Info.plist"), path: "Info.plist",
                       binary: binary, edit: edit)
        try writePlist(Self.template("Extension-Info.plist"), to: appex.appendingPathComponent("Info.plist"),
                       path: "PlugIns/ChatterboxIntents.appex/Info.plist", binary: binary, edit: edit)
        try writePlist(Self.template("AppIntentVocabulary.plist"),
                       to: app.appendingPathComponent("en.lproj/AppIntentVocabulary.plist"),
                       path: "en.lproj/AppIntentVocabulary.plist", binary: binary, edit: edit)
        try Self.template("de-InfoPlist.strings").write(to: app.appendingPathComponent("de.lproj/InfoPlist.strings"))
        // A script inside the bundle starts the test extension (an app's code must be inside its bundle).
        try Data().write(to: appex.appendingPathComponent("ChatterboxIntents"))
        try useTestExtension(in: app, arguments: "")
        return app
    }

    /// Makes the chatterbox bundle's extension a script inside the bundle that runs the test extension
    /// with `arguments` (shell words; `$PARLANCE_APP_DATA` and the like are expanded when it starts).
    package func useTestExtension(in app: URL, arguments: String) throws {
        let executable = app.appendingPathComponent("PlugIns/ChatterboxIntents.appex/ChatterboxIntents")
        try FileManager.default.removeItem(at: executable)
        try "#!/bin/sh\nexec '\(TestProducts.path("parlance-test-extension"))' \(arguments)\n"
            .write(to: executable, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
    }

    private func writePlist(_ data: Data, to url: URL, path: String, binary: Bool,
                            edit: (String, inout [String: Any]) -> Void) throws {
        guard var plist = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
            throw CocoaError(.propertyListReadCorrupt)
        }
        edit(path, &plist)
        let format: PropertyListSerialization.PropertyListFormat = binary ? .binary : .xml
        try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0).write(to: url)
    }

    package func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

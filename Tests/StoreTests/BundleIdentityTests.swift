import Foundation
import ParlanceCore
import ParlanceStore
import TestSupport
import Testing

/// An app is the bundle the user decided about: an impostor under the same identifier, or changed
/// code, asks again; code must live inside the bundle unless the install says otherwise.
@Suite struct BundleIdentityTests {
    @Test func anImpostorFromAnotherFolderIsAskedAbout() throws {
        let fixture = try BundleFixture()
        defer { fixture.remove() }
        let store = try AssistantStore.inMemory()
        let genuine = try BundleLoader.load(try fixture.chatterbox().path).app
        #expect(try store.install(genuine) == .installed)
        try store.setPermission(.allowed, for: genuine.identifier)
        let impostor = try BundleLoader.load(try fixture.chatterbox(named: "Impostor.app").path).app
        #expect(impostor.identifier == genuine.identifier)
        guard case .updatedAskingAgain(let reason) = try store.install(impostor) else {
            Issue.record("the impostor kept the permission")
            return
        }
        #expect(reason.contains("Impostor.app"), "\(reason)")
        #expect(try store.app(genuine.identifier)?.permission == .notDetermined)
    }

    @Test func changedExtensionCodeIsAskedAboutAndUnchangedCodeIsNot() throws {
        let fixture = try BundleFixture()
        defer { fixture.remove() }
        let store = try AssistantStore.inMemory()
        let folder = try fixture.chatterbox()
        try store.install(try BundleLoader.load(folder.path).app)
        try store.setPermission(.allowed, for: "com.example.chatterbox")
        #expect(try store.install(try BundleLoader.load(folder.path).app) == .updated)
        #expect(try store.app("com.example.chatterbox")?.permission == .allowed)

        try fixture.useTestExtension(in: folder, arguments: "snoop /")
        #expect(try store.install(try BundleLoader.load(folder.path).app)
                == .updatedAskingAgain(reason: "its extension's code changed"))
        #expect(try store.app("com.example.chatterbox")?.permission == .notDetermined)
    }

    @Test func anExecutableOutsideTheBundleIsRefusedUnlessAccepted() throws {
        let fixture = try BundleFixture()
        defer { fixture.remove() }
        let folder = try fixture.chatterbox()
        let executable = folder.appendingPathComponent("PlugIns/ChatterboxIntents.appex/ChatterboxIntents")
        try FileManager.default.removeItem(at: executable)
        try FileManager.default.createSymbolicLink(atPath: executable.path, withDestinationPath: "/bin/sh")
        let resolved = URL(fileURLWithPath: "/bin/sh").resolvingSymlinksInPath().path
        #expect {
            try BundleLoader.load(folder.path)
        } throws: { error in
            "\(error)".contains("CFBundleExecutable: runs \(resolved), outside the bundle")
        }
        let accepted = try BundleLoader.load(folder.path, allowingOutsideCode: true)
        #expect(accepted.app.outsideCode == [resolved])
        #expect(accepted.warnings.contains { $0.message.contains("outside the bundle") })
    }

    @Test(arguments: [["/bin/sh", "-c", "echo hi"], ["../../escape"]])
    func aLaunchCommandOutsideTheBundleIsRefused(command: [String]) throws {
        let fixture = try BundleFixture()
        defer { fixture.remove() }
        let folder = try fixture.chatterbox { path, plist in
            if path == "Info.plist" { plist["ParlanceLaunchCommand"] = command }
        }
        #expect {
            try BundleLoader.load(folder.path)
        } throws: { error in
            "\(error)".contains("ParlanceLaunchCommand: runs ") && "\(error)".contains("outside the bundle")
        }
    }

    @Test(arguments: ["../../etc", "com.example/evil", "com.example..x", ".hidden", "com.exämple"])
    func anIdentifierThatIsNoBundleIdentifierIsRefused(identifier: String) throws {
        let fixture = try BundleFixture()
        defer { fixture.remove() }
        let folder = try fixture.chatterbox { path, plist in
            if path == "Info.plist" { plist["CFBundleIdentifier"] = identifier }
        }
        #expect {
            try BundleLoader.load(folder.path)
        } throws: { error in
            "\(error)".contains("is not a bundle identifier")
        }
    }
}

import Foundation
import Testing
import TestSupport

/// The home holds what the user said; only they may read it, whatever umask the assistant starts with.
@Suite(.waitsBlocking) struct HomePermissionsTests {
    @Test func theHomeIsPrivateEvenUnderAnOpenUmask() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-umask-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "umask 000; exec \"$0\" chat --home \"$1\"", TestProducts.path("parlance"), home.path]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("send a MonkeyChat message to Kiki saying hi\nyes\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        var looked = 0
        let enumerator = FileManager.default.enumerator(atPath: home.path)
        var paths = [""]
        while let next = enumerator?.nextObject() as? String { paths.append(next) }
        for relative in paths {
            let path = relative.isEmpty ? home.path : home.appendingPathComponent(relative).path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
            let isFolder = attributes[.type] as? FileAttributeType == .typeDirectory
            #expect(mode & 0o077 == 0, "\(relative.isEmpty ? "the home" : relative) is \(String(mode, radix: 8))")
            #expect(mode & 0o700 == (isFolder ? 0o700 : 0o600), "\(relative) is \(String(mode, radix: 8))")
            looked += 1
        }
        #expect(paths.contains("parlance.sqlite") && paths.contains("app-data"), "\(paths)")
        #expect(looked > 5)
    }
}

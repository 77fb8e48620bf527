import Foundation

/// The desktop session the assistant runs in, as logind reports it.
public enum DesktopSession {
    /// logind's LockedHint for this session (`loginctl show-session $XDG_SESSION_ID -p LockedHint`);
    /// false where there is no session or no loginctl.
    public static func isLocked() -> Bool {
        guard let session = ProcessInfo.processInfo.environment["XDG_SESSION_ID"],
              FileManager.default.isExecutableFile(atPath: "/usr/bin/loginctl") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/loginctl")
        process.arguments = ["show-session", session, "-p", "LockedHint", "--value"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "yes"
    }
}

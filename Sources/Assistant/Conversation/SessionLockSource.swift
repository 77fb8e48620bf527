import Foundation

/// Whether the user's session is locked: the assistant's own lock (`parlance lock` / `unlock`, the
/// API) or, where available, the desktop session's lock (logind's LockedHint).
public struct SessionLockSource: Sendable {
    let store: AssistantStore
    /// Whether to consult the desktop session too.
    public var followsDesktop: Bool

    public init(store: AssistantStore, followsDesktop: Bool = false) {
        self.store = store
        self.followsDesktop = followsDesktop
    }

    /// Locked now? A store that can't be read counts as locked: restricted intents wait.
    public func isLocked() -> Bool {
        guard let locked = try? store.isSessionLocked() else { return true }
        if locked { return true }
        return followsDesktop && Self.desktopLocked()
    }

    /// logind's LockedHint for this session (`loginctl show-session $XDG_SESSION_ID -p LockedHint`).
    static func desktopLocked() -> Bool {
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

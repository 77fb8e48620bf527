import Foundation
import Synchronization

/// Finds the programs the sandbox uses and what the installed bubblewrap can do, once per assistant.
enum SandboxProbe {
    /// `chosen` when it is an executable path, else `name` on `PATH` (then in /usr/bin, /bin); nil when absent.
    static func program(_ name: String, chosen: String? = nil,
                        environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let candidates: [String]
        if let chosen, !chosen.isEmpty {
            candidates = [chosen]
        } else {
            candidates = ((environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/sbin"])
                .map { $0 + "/" + name }
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static let userNamespaceAnswers = Mutex<[String: Bool]>([:])

    /// Whether `bwrap` accepts `--unshare-user --disable-userns` here: the option exists from bubblewrap 0.8,
    /// and a bubblewrap installed setuid on a kernel that refuses unprivileged user namespaces cannot make
    /// one. Asked by running it once (about 10 ms).
    static func forbidsUserNamespaces(_ bwrap: String) -> Bool {
        if let known = userNamespaceAnswers.withLock({ $0[bwrap] }) { return known }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bwrap)
        process.arguments = ["--unshare-user", "--disable-userns", "--assert-userns-disabled",
                             "--ro-bind", "/", "/", "--", "/bin/true"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        var works = false
        if (try? process.run()) != nil {
            process.waitUntilExit()
            works = process.terminationReason == .exit && process.terminationStatus == 0
        }
        userNamespaceAnswers.withLock { $0[bwrap] = works }
        return works
    }
}

import ExtensionWire
import Foundation

/// How an extension process is confined (docs/security.md). With bubblewrap, the extension sees the
/// system's programs and libraries read-only, its own app bundle read-only, its app's data folder
/// read-write, a private `/tmp`, and nothing else: not the assistant's home, not other apps' data, not
/// the user's files. It lives in its own PID, IPC and UTS namespaces, keeps the network unless its
/// bundle opts out, and dies with the assistant. Without bubblewrap the extension runs with the user's
/// rights, which the user must have asked for explicitly.
public struct ExtensionSandbox: Sendable, Equatable {
    /// The confinement.
    public enum Mode: Sendable, Equatable {
        /// Run through bubblewrap at this path.
        case bubblewrap(String)
        /// No confinement (the user asked for it, or the host is embedded in tests).
        case none
    }

    /// The confinement.
    public var mode: Mode
    /// Folders of programs an extension may run, read-only (for the bundled samples: the folder of
    /// `parlance` itself, `PARLANCE_EXAMPLES_BIN`).
    public var programFolders: [String]

    /// System folders shown read-only when they exist: programs, libraries (the Swift runtime lives in
    /// /opt or /usr), and the few files in /etc that name resolution, TLS and time zones need.
    static let systemFolders = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt",
                                "/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d",
                                "/etc/ssl", "/etc/ca-certificates", "/etc/pki", "/etc/resolv.conf", "/etc/hosts",
                                "/etc/nsswitch.conf", "/etc/host.conf", "/etc/gai.conf", "/etc/localtime",
                                "/etc/timezone", "/etc/passwd", "/etc/group", "/etc/mime.types"]

    /// A sandbox.
    public init(mode: Mode, programFolders: [String] = []) {
        self.mode = mode
        self.programFolders = programFolders
    }

    /// No confinement.
    public static let none = ExtensionSandbox(mode: .none)

    /// bubblewrap when it is installed: `$PARLANCE_BWRAP` when set (an operator's choice of binary),
    /// else `bwrap` on `PATH`; nil when there is none.
    public static func bubblewrap(programFolders: [String] = [],
                                  environment: [String: String] = ProcessInfo.processInfo.environment) -> ExtensionSandbox? {
        let candidates: [String]
        if let chosen = environment["PARLANCE_BWRAP"], !chosen.isEmpty {
            candidates = [chosen]
        } else {
            candidates = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { $0 + "/bwrap" }
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        return ExtensionSandbox(mode: .bubblewrap(found), programFolders: programFolders)
    }

    /// Whether extensions are confined.
    public var confines: Bool { mode != .none }

    /// What to execute for the endpoint: the program, its arguments (after the program's own path) and
    /// its whole environment (the allow-list in `ExtensionEnvironment`).
    func command(for endpoint: ExtensionEndpoint,
                 inherited: [String: String] = ProcessInfo.processInfo.environment) -> SandboxedCommand {
        let environment = ExtensionEnvironment.allowed(for: endpoint, inherited: inherited)
        guard case .bubblewrap(let bwrap) = mode else {
            return SandboxedCommand(program: endpoint.executable, arguments: endpoint.arguments,
                                    environment: environment, workingDirectory: endpoint.workingDirectory)
        }
        var arguments = ["--unshare-all"]
        if endpoint.usesNetwork { arguments.append("--share-net") }
        arguments += ["--die-with-parent", "--new-session", "--cap-drop", "ALL",
                      "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
        for folder in Self.systemFolders { arguments += ["--ro-bind-try", folder, folder] }
        for folder in programFolders where !folder.isEmpty { arguments += ["--ro-bind-try", folder, folder] }
        if let bundle = endpoint.bundleFolder {
            arguments += ["--ro-bind", bundle, bundle]
        } else {
            // An endpoint without a bundle (embedding, tests): only the executable itself.
            arguments += ["--ro-bind", endpoint.executable, endpoint.executable]
        }
        if let data = endpoint.dataFolder { arguments += ["--bind", data, data] }
        if let directory = endpoint.workingDirectory { arguments += ["--chdir", directory] }
        arguments += ["--", endpoint.executable] + endpoint.arguments
        return SandboxedCommand(program: bwrap, arguments: arguments, environment: environment, workingDirectory: nil)
    }
}

/// A program to start, as the sandbox rewrote it.
struct SandboxedCommand: Sendable, Equatable {
    var program: String
    var arguments: [String]
    var environment: [String: String]
    var workingDirectory: String?
}

import ExtensionWire
import Foundation

/// How an extension process, or an app opened for a hand-off, is confined (docs/security.md). With
/// bubblewrap, the program sees the system's programs and libraries read-only, its own app bundle
/// read-only, its app's data folder read-write, a private `/tmp`, and nothing else: not the assistant's
/// home, not other apps' data, not the user's files. It lives in its own PID, IPC, UTS, mount, network
/// and user namespaces, may make no further user namespace, sees `/proc/sys` read-only and no `/sys`,
/// has no capabilities, runs within `limits`, and dies with the assistant. It has no network unless its
/// app asks for it (`ParlanceNetworkAccess = true`); then slirp4netns gives it the internet but not the
/// host's loopback. Without bubblewrap the program runs with the user's rights, which the user must
/// have asked for explicitly.
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
    /// What each sandboxed program may use.
    public var limits: SandboxLimits
    /// slirp4netns, which gives an app that asks for the network the internet without the host's
    /// loopback; nil when it is not installed (such an app then gets no network).
    public var userModeNetwork: String?
    /// Whether bubblewrap can forbid new user namespaces (`--disable-userns`, bubblewrap 0.8 and later,
    /// where the kernel lets it make one).
    public var forbidsUserNamespaces: Bool
    /// util-linux's `prlimit`, which sets `limits` inside the sandbox; nil when missing (no limits).
    var prlimit: String?
    /// The pids cgroup that counts processes when the assistant runs as root.
    var processCgroup: ProcessCountCgroup?

    /// System folders shown read-only when they exist: programs, libraries (the Swift runtime lives in
    /// /opt or /usr), and the few files in /etc that name resolution, TLS and time zones need.
    static let systemFolders = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt",
                                "/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d",
                                "/etc/ssl", "/etc/ca-certificates", "/etc/pki", "/etc/resolv.conf", "/etc/hosts",
                                "/etc/nsswitch.conf", "/etc/host.conf", "/etc/gai.conf", "/etc/localtime",
                                "/etc/timezone", "/etc/passwd", "/etc/group", "/etc/mime.types"]

    /// A sandbox. Through bubblewrap, the features are found on the machine unless given.
    public init(mode: Mode, programFolders: [String] = [], limits: SandboxLimits = .standard,
                userModeNetwork: String? = nil, forbidsUserNamespaces: Bool? = nil) {
        self.mode = mode
        self.programFolders = programFolders
        self.limits = limits
        self.userModeNetwork = userModeNetwork
        guard case .bubblewrap(let bwrap) = mode else {
            self.forbidsUserNamespaces = false
            return
        }
        self.forbidsUserNamespaces = forbidsUserNamespaces ?? SandboxProbe.forbidsUserNamespaces(bwrap)
        prlimit = SandboxProbe.program("prlimit")
        processCgroup = limits.processes == nil ? nil : ProcessCountCgroup.available()
    }

    /// No confinement.
    public static let none = ExtensionSandbox(mode: .none)

    /// bubblewrap when it is installed: `$PARLANCE_BWRAP` when set (an operator's choice of binary),
    /// else `bwrap` on `PATH`; nil when there is none. slirp4netns is found the same way
    /// (`$PARLANCE_SLIRP4NETNS`), limits are the defaults with the operator's `PARLANCE_SANDBOX_*`.
    public static func bubblewrap(programFolders: [String] = [],
                                  environment: [String: String] = ProcessInfo.processInfo.environment) -> ExtensionSandbox? {
        guard let found = SandboxProbe.program("bwrap", chosen: environment["PARLANCE_BWRAP"], environment: environment)
        else { return nil }
        return ExtensionSandbox(mode: .bubblewrap(found), programFolders: programFolders,
                                limits: SandboxLimits.configured(environment: environment).limits,
                                userModeNetwork: SandboxProbe.program("slirp4netns", chosen: environment["PARLANCE_SLIRP4NETNS"],
                                                                      environment: environment))
    }

    /// Whether extensions are confined.
    public var confines: Bool { mode != .none }

    /// What the operator should know about this sandbox: measures this machine cannot take, limits set
    /// wrongly. Empty when all is in place.
    public func notes(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        guard confines else { return [] }
        var notes = SandboxLimits.configured(environment: environment).problems
        if userModeNetwork == nil {
            notes.append("slirp4netns is not installed: app extensions that ask for the network "
                         + "(ParlanceNetworkAccess) run without it (apt-get install slirp4netns)")
        }
        if !forbidsUserNamespaces {
            notes.append("this bubblewrap cannot forbid user namespaces (--disable-userns): extensions may make their own")
        }
        if prlimit == nil { notes.append("prlimit (util-linux) is missing: extensions run without memory, process and CPU limits") }
        return notes
    }

    /// What to execute for the endpoint: the program, its arguments (after the program's own path) and
    /// its whole environment (the allow-list in `ExtensionEnvironment`).
    func command(for endpoint: ExtensionEndpoint,
                 inherited: [String: String] = ProcessInfo.processInfo.environment) -> SandboxedCommand {
        command(for: SandboxedProgram(
            executable: endpoint.executable, arguments: endpoint.arguments,
            environment: ExtensionEnvironment.allowed(for: endpoint, inherited: inherited),
            workingDirectory: endpoint.workingDirectory, bundleFolder: endpoint.bundleFolder,
            dataFolder: endpoint.dataFolder, wantsNetwork: endpoint.usesNetwork))
    }

    /// The bubblewrap command line for any sandboxed program (or the program itself without a sandbox).
    func command(for program: SandboxedProgram) -> SandboxedCommand {
        guard case .bubblewrap(let bwrap) = mode else {
            return SandboxedCommand(program: program.executable, arguments: program.arguments,
                                    environment: program.environment, workingDirectory: program.workingDirectory)
        }
        let network: SandboxedCommand.Network = program.wantsNetwork
            ? userModeNetwork.map { .userMode(slirp: $0) } ?? .asIs : .asIs
        var arguments = ["--unshare-all"]
        if forbidsUserNamespaces { arguments += ["--unshare-user", "--disable-userns"] }
        arguments += ["--die-with-parent", "--new-session", "--cap-drop", "ALL",
                      "--proc", "/proc", "--ro-bind", "/proc/sys", "/proc/sys", "--dev", "/dev", "--tmpfs", "/tmp"]
        for folder in Self.systemFolders { arguments += ["--ro-bind-try", folder, folder] }
        for folder in programFolders where !folder.isEmpty { arguments += ["--ro-bind-try", folder, folder] }
        if let bundle = program.bundleFolder {
            arguments += ["--ro-bind", bundle, bundle]
            // A program outside its bundle (accepted at install with --allow-outside-code): that file too.
            if !program.executable.hasPrefix(bundle + "/") { arguments += ["--ro-bind", program.executable, program.executable] }
        } else {
            // A program without a bundle (embedding, tests): only the executable itself.
            arguments += ["--ro-bind", program.executable, program.executable]
        }
        if let data = program.dataFolder { arguments += ["--bind", data, data] }
        for socket in program.sharedSockets { arguments += ["--bind-try", socket, socket] }
        for file in program.sharedFiles { arguments += ["--ro-bind-try", file, file] }
        if case .userMode = network {
            arguments += ["--info-fd", "3", "--block-fd", "4", "--ro-bind-data", "5", "/etc/resolv.conf"]
        }
        if let directory = program.workingDirectory { arguments += ["--chdir", directory] }
        arguments.append("--")
        let limited = prlimit.map { [$0] + limits.prlimitOptions() + ["--"] } ?? []
        arguments += (limited.count > 2 ? limited : []) + [program.executable] + program.arguments
        let cgroup = limits.processes.flatMap { processCgroup?.make(limit: $0) }
        return SandboxedCommand(program: bwrap, arguments: arguments, environment: program.environment,
                                workingDirectory: nil, network: network, cgroupProcs: cgroup)
    }
}

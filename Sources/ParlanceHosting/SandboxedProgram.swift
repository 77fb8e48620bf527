/// What runs in a sandbox and what it sees beyond the system's folders: an extension (from its
/// `ExtensionEndpoint`) or an app's own program opened for a hand-off. `ExtensionSandbox` turns it into
/// one bubblewrap command line, the same for both.
struct SandboxedProgram: Sendable, Equatable {
    /// The program's absolute path.
    var executable: String
    /// Its arguments after its own path.
    var arguments: [String]
    /// Its whole environment.
    var environment: [String: String]
    /// Where it starts; bubblewrap's own directory when nil.
    var workingDirectory: String?
    /// The app's bundle folder, shown read-only; without one only the executable is shown.
    var bundleFolder: String?
    /// The app's data folder, shown read-write.
    var dataFolder: String?
    /// Whether the app declared it needs the internet (`ParlanceNetworkAccess = true`).
    var wantsNetwork: Bool
    /// Further paths shown read-write at the same place (the display's sockets for a hand-off).
    var sharedSockets: [String] = []
    /// Further files shown read-only at the same place (an X11 cookie).
    var sharedFiles: [String] = []
}

/// A program to start, as the sandbox rewrote it.
struct SandboxedCommand: Sendable, Equatable {
    /// How its network is made.
    enum Network: Sendable, Equatable {
        /// The host's own network (no sandbox) or none at all (a network namespace with only loopback).
        case asIs
        /// User-mode networking from slirp4netns at this path, set up while bubblewrap waits on its
        /// descriptor 4 after telling its child's pid on descriptor 3; descriptor 5 carries the
        /// sandbox's resolv.conf, 6 is held open by the sandbox for slirp4netns's exit.
        case userMode(slirp: String)
    }

    var program: String
    var arguments: [String]
    var environment: [String: String]
    var workingDirectory: String?
    var network: Network = .asIs
    /// The `cgroup.procs` file the process joins before it starts, counting its processes (root only).
    var cgroupProcs: String?
}

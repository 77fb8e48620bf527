import CProcessSpawn
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts a `SandboxedCommand` on the spawning thread: the process, in its cgroup when it has one, and,
/// for user-mode networking, slirp4netns attached to the sandbox's network namespace before the program
/// inside runs (bubblewrap waits for it on its `--block-fd`). Shared by extensions (`ProcessSpawner`) and
/// hand-offs (`LaunchedProgram`).
enum SandboxedSpawn {
    /// A started process, and what went wrong on the way that did not stop it (say, no network).
    struct Started {
        var pid: pid_t
        var notes: [String]
    }

    /// Starts `command` with `input`, `output`, `error` as its standard descriptors; `tied` makes it die with
    /// the assistant in a process group of its own. Returns the errno that prevented the start otherwise.
    static func start(_ command: SandboxedCommand, input: Int32, output: Int32, error: Int32,
                      tied: Bool) -> Result<Started, SpawnErrno> {
        BrokenPipeSignal.makeWritesFail()  // a sandbox that died before its go-ahead is an error, not SIGPIPE
        guard case .userMode(let slirp) = command.network else {
            return spawn(command.program, command.arguments, command.environment, directory: command.workingDirectory,
                         descriptors: (input, output, error), tied: tied, extra: [], cgroup: command.cgroupProcs)
                .map { Started(pid: $0, notes: []) }
        }
        var ends = Pipes()
        defer { ends.closeAll() }
        guard let info = ends.make(), let block = ends.make(), let resolver = ends.make(), let exit = ends.make() else {
            return .failure(SpawnErrno(code: errno))
        }
        // Name resolution through slirp4netns's own forwarder: the host's may listen on its loopback.
        _ = "nameserver 10.0.2.3\n".withCString { Glibc.write(resolver.write, $0, strlen($0)) }
        ends.close(resolver.write)
        let started = spawn(command.program, command.arguments, command.environment, directory: command.workingDirectory,
                            descriptors: (input, output, error), tied: tied,
                            extra: [info.write, block.read, resolver.read, exit.write], cgroup: command.cgroupProcs)
        guard case .success(let pid) = started else { return started.map { Started(pid: $0, notes: []) } }
        for end in [info.write, block.read, resolver.read, exit.write] { ends.close(end) }
        var notes: [String] = []
        if let child = childPid(from: info.read) {
            waitForLoopback(of: child)
            if let problem = attach(slirp, to: child, exit: exit.read) { notes.append(problem) }
        } else {
            notes.append("no network: the sandbox did not say which process to give it to")
        }
        // Lets the program start, with or without its network.
        _ = Glibc.write(block.write, "1", 1)
        return .success(Started(pid: pid, notes: notes))
    }

    /// An errno that stopped a start.
    struct SpawnErrno: Error {
        var code: Int32
    }

    /// Spawns, trying again for a while when the program is busy ("Text file busy"): a program written a moment ago
    /// is still open for writing in any child another thread forked meanwhile, until that child runs its own program.
    private static func spawn(_ program: String, _ arguments: [String], _ environment: [String: String], directory: String?,
                              descriptors: (Int32, Int32, Int32), tied: Bool, extra: [Int32],
                              cgroup: String?) -> Result<pid_t, SpawnErrno> {
        var pause: useconds_t = 5_000
        while true {
            let started = spawnOnce(program, arguments, environment, directory: directory, descriptors: descriptors,
                                    tied: tied, extra: extra, cgroup: cgroup)
            guard case .failure(let failure) = started, failure.code == ETXTBSY, pause <= 160_000 else { return started }
            usleep(pause)
            pause *= 2
        }
    }

    private static func spawnOnce(_ program: String, _ arguments: [String], _ environment: [String: String], directory: String?,
                                  descriptors: (Int32, Int32, Int32), tied: Bool, extra: [Int32],
                                  cgroup: String?) -> Result<pid_t, SpawnErrno> {
        let started = SpawningThread.shared.run { () -> (status: Int32, pid: pid_t) in
            let argv = ([program] + arguments).map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { for pointer in envp { free(pointer) } }
            var pid: pid_t = 0
            let status = withOptionalCString(directory) { directory in
                withOptionalCString(cgroup) { cgroup in
                    parlance_spawn_sandboxed(program, argv, envp, directory, descriptors.0, descriptors.1, descriptors.2,
                                             tied ? 1 : 0, extra, Int32(extra.count), cgroup, &pid)
                }
            }
            return (status, pid)
        }
        return started.status == 0 ? .success(started.pid) : .failure(SpawnErrno(code: started.status))
    }

    /// The sandboxed child's pid, from bubblewrap's `--info-fd` JSON; nil after 20 s or a closed pipe
    /// (a loaded two-core machine has taken more than 5 s).
    private static func childPid(from descriptor: Int32) -> pid_t? {
        var text = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) >= 0 || errno == EINTR else { return nil }
            guard poller.revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            text.append(contentsOf: buffer[0..<count])
            if let object = try? JSONSerialization.jsonObject(with: text) as? [String: Any],
               let pid = object["child-pid"] as? Int {
                return pid_t(pid)
            }
        }
        return nil
    }

    /// Waits up to 5 s until bubblewrap has brought up the loopback interface in the sandbox's network
    /// namespace: slirp4netns configuring the namespace at the same moment makes bubblewrap's own netlink
    /// request fail, and the sandbox with it.
    private static func waitForLoopback(of child: pid_t) {
        let routes = "/proc/\(child)/net/fib_trie"
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            guard let table = FileManager.default.contents(atPath: routes) else { return }
            if String(decoding: table, as: UTF8.self).contains("127.0.0.1") { return }
            usleep(2_000)
        }
    }

    /// Starts slirp4netns for the network namespace of `child`, without the host's loopback, and waits
    /// until it is ready; it ends when the sandbox closes `exit`. Returns what went wrong, nil when ready.
    private static func attach(_ slirp: String, to child: pid_t, exit: Int32) -> String? {
        var ends = Pipes()
        defer { ends.closeAll() }
        guard let ready = ends.make() else { return "no network: no pipe for slirp4netns" }
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { if null >= 0 { close(null) } }
        var arguments = ["--configure", "--mtu=65520", "--disable-host-loopback", "--ready-fd=3", "--exit-fd=4"]
        var extra = [ready.write, exit]
        // slirp4netns must join the user namespace that owns the sandbox's network namespace: not the one
        // the sandbox's program ends in (bubblewrap nests another one to forbid new ones), which has no
        // say over the network. It is handed over open, as descriptor 5.
        let owner = owningUserNamespace(of: child)
        defer { if let owner { close(owner) } }
        if let owner {
            extra.append(owner)
            arguments.append("--userns-path=/proc/self/fd/5")
        }
        arguments += ["\(child)", "tap0"]
        let started = spawn(slirp, arguments, ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"], directory: nil,
                            descriptors: (null, null, null), tied: true, extra: extra, cgroup: nil)
        guard case .success(let pid) = started else {
            return "no network: slirp4netns could not be started"
        }
        ends.close(ready.write)
        let reaper = Thread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        reaper.name = "parlance-slirp4netns"
        reaper.start()
        var poller = pollfd(fd: ready.read, events: Int16(POLLIN), revents: 0)
        var byte: UInt8 = 0
        guard poll(&poller, 1, 20_000) > 0, read(ready.read, &byte, 1) == 1 else {
            kill(pid, SIGKILL)
            return "no network: slirp4netns did not set it up"
        }
        return nil
    }

    /// An open descriptor for the user namespace owning `child`'s network namespace; nil when it is ours.
    private static func owningUserNamespace(of child: pid_t) -> Int32? {
        let network = open("/proc/\(child)/ns/net", O_RDONLY | O_CLOEXEC)
        guard network >= 0 else { return nil }
        defer { close(network) }
        let owner = parlance_owning_user_namespace(network)
        guard owner >= 0 else { return nil }
        var theirs = stat()
        var ours = stat()
        if fstat(owner, &theirs) == 0, stat("/proc/self/ns/user", &ours) == 0,
           theirs.st_ino == ours.st_ino, theirs.st_dev == ours.st_dev {
            close(owner)
            return nil
        }
        return owner
    }

    private static func withOptionalCString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
        guard let text else { return body(nil) }
        return text.withCString { body($0) }
    }
}

/// Pipes made for one start, every end closed at the end unless closed before.
private struct Pipes {
    private var open: Set<Int32> = []

    mutating func make() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard parlance_pipe_cloexec(&fds) == 0 else { return nil }
        open.formUnion(fds)
        return (fds[0], fds[1])
    }

    mutating func close(_ descriptor: Int32) {
        if open.remove(descriptor) != nil { Glibc.close(descriptor) }
    }

    mutating func closeAll() {
        for descriptor in open { Glibc.close(descriptor) }
        open = []
    }
}

import CProcessSpawn
import ExtensionWire
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A started child process and the parent's ends of its three pipes.
struct SpawnedProcess: Sendable {
    let pid: pid_t
    let stdin: Int32
    let stdout: Int32
    let stderr: Int32
}

/// Starts an extension executable with `posix_spawn`: its own process group (so a stop reaches its
/// children too), pipes for stdin/stdout/stderr, no other inherited descriptors, default signals.
enum ProcessSpawner {
    static func spawn(_ endpoint: ExtensionEndpoint) throws(TransportError) -> SpawnedProcess {
        let path = endpoint.executable
        guard access(path, X_OK) == 0 else {
            let reason = FileManager.default.fileExists(atPath: path) ? "is not executable" : "does not exist"
            throw TransportError(.launchFailed, "\(endpoint.appName)'s extension executable \(path) \(reason)")
        }
        var pipes: [Int32] = []
        defer { for fd in pipes where fd >= 0 { close(fd) } }
        func makePipe() throws(TransportError) -> (read: Int32, write: Int32) {
            var fds: [Int32] = [-1, -1]
            guard parlance_pipe_cloexec(&fds) == 0 else {
                throw TransportError(.launchFailed, "could not create a pipe for \(endpoint.appName)'s extension: \(errnoText())")
            }
            pipes += fds
            return (fds[0], fds[1])
        }
        let input = try makePipe(), output = try makePipe(), errors = try makePipe()

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input.read, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output.write, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errors.write, STDERR_FILENO)
        parlance_spawn_addclosefrom(&actions, 3)
        if let directory = endpoint.workingDirectory {
            parlance_spawn_addchdir(&actions, directory)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), defaultSignals = sigset_t()
        sigemptyset(&noSignals)
        sigemptyset(&defaultSignals)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGCHLD] { sigaddset(&defaultSignals, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + endpoint.arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var environment = ProcessInfo.processInfo.environment
        environment.merge(endpoint.environment) { _, new in new }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }

        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw TransportError(.launchFailed,
                                 "could not start \(endpoint.appName)'s extension \(path): \(String(cString: strerror(status)))")
        }
        close(input.read); close(output.write); close(errors.write)
        pipes = []
        let flags = fcntl(input.write, F_GETFL)
        _ = fcntl(input.write, F_SETFL, flags | O_NONBLOCK)
        return SpawnedProcess(pid: pid, stdin: input.write, stdout: output.read, stderr: errors.read)
    }

    static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}

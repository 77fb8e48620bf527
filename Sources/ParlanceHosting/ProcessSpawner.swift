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

/// Starts an extension: through its sandbox, in its own process group (so a stop reaches its children
/// too), with pipes for stdin/stdout/stderr, no other inherited descriptors, default signals, the
/// allowed environment only, and a parent-death signal, so it never outlives the assistant.
enum ProcessSpawner {
    static func spawn(_ endpoint: ExtensionEndpoint, sandbox: ExtensionSandbox) throws(TransportError) -> SpawnedProcess {
        let path = endpoint.executable
        guard access(path, X_OK) == 0 else {
            let reason = FileManager.default.fileExists(atPath: path) ? "is not executable" : "does not exist"
            throw TransportError(.launchFailed, "\(endpoint.appName)'s extension executable \(path) \(reason)")
        }
        if let data = endpoint.dataFolder {
            do {
                try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw TransportError(.launchFailed, "could not make \(endpoint.appName)'s data folder \(data): \(error.localizedDescription)")
            }
        }
        let command = sandbox.command(for: endpoint)
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

        let started = SandboxedSpawn.start(command, input: input.read, output: output.write, error: errors.write, tied: true)
        let pid: pid_t
        switch started {
        case .success(let process):
            pid = process.pid
            // Told as the extension's own log lines, which the host keeps.
            for note in process.notes {
                _ = "parlance: \(note)\n".withCString { write(errors.write, $0, strlen($0)) }
            }
        case .failure(let failure):
            throw TransportError(.launchFailed,
                                 "could not start \(endpoint.appName)'s extension \(path): \(String(cString: strerror(failure.code)))")
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

import CProcessSpawn
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program the assistant starts apart from extensions — an app's own command, an app opened to continue a
/// request — that outlives the assistant if it must and starts with every signal at its default. Foundation's
/// `Process` passes on what the assistant ignores, and SwiftNIO ignores SIGPIPE process-wide at its first
/// socket, possibly on another thread at the very moment of a launch; resetting in the child cannot race.
struct LaunchedProgram: Sendable {
    /// What becomes of the program's standard output and error.
    enum Output: Sendable {
        /// Both into one pipe, read with `readOutput()`.
        case captured
        /// Standard output discarded, standard error the assistant's own.
        case discarded
    }

    /// How the program ended.
    enum Ending: Sendable, Equatable {
        case exited(status: Int32)
        case signaled(signal: Int32)
    }

    let pid: pid_t
    /// The read end of the captured output pipe.
    private let output: Int32?
    /// What went wrong at the start that did not stop it (say, no network).
    var notes: [String] = []

    /// Starts `program` (a path) with `arguments`, exactly `environment`, in `directory` when given, with
    /// standard input from /dev/null. Throws a message naming the program when it cannot be started.
    static func start(_ program: String, arguments: [String], environment: [String: String],
                      directory: String? = nil, output: Output) throws(AppLaunchError) -> LaunchedProgram {
        try start(SandboxedCommand(program: program, arguments: arguments, environment: environment,
                                   workingDirectory: directory), output: output)
    }

    /// Starts `command` as it stands (a sandbox's command line, or a plain program), as `start(_:arguments:…)`.
    static func start(_ command: SandboxedCommand, output: Output) throws(AppLaunchError) -> LaunchedProgram {
        let program = command.program
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        guard null >= 0 else { throw AppLaunchError("\(program) could not be started: /dev/null: \(String(cString: strerror(errno)))") }
        defer { close(null) }
        var ends: [Int32] = [-1, -1]
        if output == .captured {
            guard parlance_pipe_cloexec(&ends) == 0 else {
                throw AppLaunchError("\(program) could not be started: no pipe: \(String(cString: strerror(errno)))")
            }
        }
        let (outputEnd, errorEnd) = output == .captured ? (ends[1], ends[1]) : (null, STDERR_FILENO)
        let started = SandboxedSpawn.start(command, input: null, output: outputEnd, error: errorEnd, tied: false)
        if output == .captured { close(ends[1]) }
        switch started {
        case .success(let process):
            return LaunchedProgram(pid: process.pid, output: output == .captured ? ends[0] : nil, notes: process.notes)
        case .failure(let failure):
            if output == .captured { close(ends[0]) }
            throw AppLaunchError("\(program) could not be started: \(String(cString: strerror(failure.code)))")
        }
    }

    /// Everything the program writes until it closes its output (captured output only); closes the pipe.
    func readOutput() -> Data {
        guard let output else { return Data() }
        defer { close(output) }
        var collected = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count > 0 { collected.append(contentsOf: buffer[0..<count]); continue }
            if count < 0 && errno == EINTR { continue }
            return collected
        }
    }

    /// Waits (blocking the calling thread) until the program ends and reaps it.
    func waitForExit() -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return .exited(status: 127) }
        }
        let signal = status & 0x7f
        return signal == 0 ? .exited(status: (status >> 8) & 0xff) : .signaled(signal: signal)
    }
}

import Foundation

/// Runs an app's own program (not its extension) to completion: its command-line side, such as a
/// sample app's `balance` or `sync`, with the assistant's home.
public enum AppCommand {
    /// Runs `program` with `arguments`, `PARLANCE_HOME` set to `home` and `environment` added; returns
    /// its exit status (128 + the signal's number when a signal ended it) and what it printed (standard output
    /// and error together). Throws `AppLaunchError` when it cannot be started.
    public static func run(_ program: String, _ arguments: [String], home: URL,
                           environment extra: [String: String] = [:]) throws -> (status: Int32, output: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["PARLANCE_HOME"] = home.path
        environment.merge(extra) { _, new in new }
        let program = try LaunchedProgram.start(program, arguments: arguments, environment: environment, output: .captured)
        let output = program.readOutput()
        switch program.waitForExit() {
        case .exited(let status): return (status, String(decoding: output, as: UTF8.self))
        case .signaled(let signal): return (128 + signal, String(decoding: output, as: UTF8.self) + "(ended by signal \(signal))\n")
        }
    }
}

import Foundation

/// Runs an app's own program (not its extension) to completion: its command-line side, such as a
/// sample app's `balance` or `sync`, with the assistant's home.
public enum AppCommand {
    /// Runs `program` with `arguments`, `PARLANCE_HOME` set to `home` and `environment` added; returns
    /// its exit status and what it printed (standard output and error together).
    public static func run(_ program: String, _ arguments: [String], home: URL,
                           environment extra: [String: String] = [:]) throws -> (status: Int32, output: String) {
        BrokenPipeSignal.makeWritesFail()  // so that the program does not start with SIGPIPE ignored
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PARLANCE_HOME"] = home.path
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}

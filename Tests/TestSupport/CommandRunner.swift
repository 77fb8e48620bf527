import Foundation

/// Runs the real `parlance` executable and collects what it printed.
package struct CommandRunner {
    package struct Output {
        package let status: Int32
        package let stdout: String
        package let stderr: String
    }

    package let home: URL

    package init() {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-cli-\(UUID().uuidString)")
    }

    /// A runner for an existing home (another process's, such as a server's).
    package init(home: URL) {
        self.home = home
    }

    /// Runs `parlance` with `arguments`, `input` on its standard input and `environment` added to ours.
    package func run(_ arguments: [String], input: String? = nil, environment added: [String: String] = [:]) throws -> Output {
        try run(arguments, bytes: input.map { Data($0.utf8) }, environment: added)
    }

    /// Runs with raw bytes on standard input (for input that is not valid UTF-8).
    package func run(_ arguments: [String], bytes input: Data?, environment added: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestProducts.path("parlance"))
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PARLANCE_HOME"] = home.path
        environment.merge(added) { _, new in new }
        process.environment = environment
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(input) }
        try inPipe.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A sample app's program, built beside `parlance`.
    package static func appProgram(_ name: String) -> String { TestProducts.path(name) }

    /// Runs a program (a sample app's) with this home; returns what it printed.
    package func runProgram(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PARLANCE_HOME"] = home.path
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    package func remove() {
        try? FileManager.default.removeItem(at: home)
    }
}

import Foundation
import Synchronization

/// `parlance chat --json` running in a home, driven a line at a time: what it prints is collected as
/// it comes, so a test can wait for a question, answer it, or kill the assistant at a chosen moment.
package final class InteractiveChat: Sendable {
    private let process: Process
    private let input: FileHandle
    private let printed = PrintedBytes()
    private let complained = PrintedBytes()

    /// Starts `parlance chat --json` with `home` as PARLANCE_HOME and `environment` added to ours.
    package init(home: URL, arguments: [String] = [], environment added: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: TestProducts.path("parlance"))
        process.arguments = ["chat", "--json"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PARLANCE_HOME"] = home.path
        environment.merge(added) { _, new in new }
        process.environment = environment
        let out = Pipe(), errors = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = errors
        process.standardInput = inPipe
        input = inPipe.fileHandleForWriting
        let printed = self.printed, complained = self.complained
        out.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            printed.bytes.withLock { $0.append(data) }
        }
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            complained.bytes.withLock { $0.append(data) }
        }
        try process.run()
    }

    /// Everything printed so far, one JSON turn per line (other lines, like the first-run note, too).
    package var output: String { printed.bytes.withLock { String(decoding: $0, as: UTF8.self) } }

    /// What it wrote on standard error so far, and how it ended if it has: for a test's failure message.
    package var diagnosis: String {
        let errors = complained.bytes.withLock { String(decoding: $0, as: UTF8.self) }
        let ending = process.isRunning ? "still running"
            : "ended (\(process.terminationReason == .uncaughtSignal ? "signal" : "status") \(process.terminationStatus))"
        return "the assistant \(ending); standard error:\n\(errors.prefix(12_000))"
    }

    /// The turns printed so far, as JSON objects.
    package var turns: [[String: Any]] {
        output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// Types a line.
    package func say(_ line: String) {
        input.write(Data((line + "\n").utf8))
    }

    /// Waits until `condition` holds for the turns printed (true) or `timeout` passes or the process ends (false).
    package func wait(timeout: Duration = .seconds(60), until condition: ([[String: Any]]) -> Bool) -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + timeout
        while clock.now < end {
            if condition(turns) { return true }
            if !process.isRunning { return condition(turns) }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return false
    }

    /// Answers yes to every question from turn `seen` on, until a turn satisfies `done`; returns that
    /// turn, or nil when the assistant fell silent (a minute) first. `seen` moves past what was read.
    package func sayingYes(from seen: inout Int, until done: ([String: Any]) -> Bool) -> [String: Any]? {
        while wait(until: { $0.count > seen }) {
            let turn = turns[seen]
            seen += 1
            if done(turn) { return turn }
            if turn["kind"] as? String == "question" { say("yes") }
        }
        return nil
    }

    /// Kills the assistant at once (SIGKILL), as a crash or a power cut would.
    package func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Ends the input and waits for the assistant to finish; returns its exit status.
    @discardableResult
    package func finish() -> Int32 {
        try? input.close()
        process.waitUntilExit()
        // Let the reading handler take the last bytes.
        Thread.sleep(forTimeInterval: 0.05)
        return process.terminationStatus
    }
}

/// What the assistant printed, shared with the pipe's reading handler.
private final class PrintedBytes: Sendable {
    let bytes = Mutex(Data())
}

import CProcessSpawn
import ExtensionWire
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An extension running as a child process, as a `LineTransport`: requests go to its stdin, lines
/// from its stdout go to the delegate, lines from its stderr to the log within a `StderrBudget` (never to
/// the assistant's own output). One thread per process
/// reads both pipes and, when stdout ends, reaps the process, so none is ever left a zombie.
final class ExtensionProcess: LineTransport, @unchecked Sendable {
    private let endpoint: ExtensionEndpoint
    private let sandbox: ExtensionSandbox
    private let records: ExtensionProcessRecords?
    private let log: @Sendable (String) -> Void
    private let lock = NSLock()
    private var process: SpawnedProcess?
    private var inputOpen = false
    private var exit: TransportClosure?
    /// Set, under the lock, at the moment the child is reaped: its pid may be reused after that,
    /// so no signal may be sent to it any more.
    private var reaped = false
    private var exitWaiters: [CheckedContinuation<Void, Never>] = []
    private let writeQueue = DispatchQueue(label: "parlance.extension.write")

    init(endpoint: ExtensionEndpoint, sandbox: ExtensionSandbox, records: ExtensionProcessRecords?,
         log: @escaping @Sendable (String) -> Void) {
        self.endpoint = endpoint
        self.sandbox = sandbox
        self.records = records
        self.log = log
    }

    func start(delegate: any LineTransportDelegate) throws(TransportError) {
        BrokenPipeSignal.makeWritesFail()
        let spawned = try ProcessSpawner.spawn(endpoint, sandbox: sandbox)
        records?.add(pid: spawned.pid)
        lock.withLock {
            process = spawned
            inputOpen = true
        }
        let thread = Thread { [self] in readUntilExit(spawned, delegate: delegate) }
        thread.name = "parlance-ext-\(endpoint.appName)"
        thread.start()
    }

    func send(_ line: Data) async throws(TransportError) {
        guard let descriptor = lock.withLock({ inputOpen ? process?.stdin : nil }) else {
            throw TransportError(.closed, "\(endpoint.appName)'s extension is not running")
        }
        let remaining = try writeWithoutBlocking(line, to: descriptor)
        guard !remaining.isEmpty else { return }
        // The pipe is full: finish on a queue of our own, waiting at most a few seconds for the reader.
        let result: Result<Void, TransportError> = await withCheckedContinuation { continuation in
            writeQueue.async { [self] in
                continuation.resume(returning: Result { () throws(TransportError) in
                    try writeWaiting(remaining, to: descriptor, timeoutMilliseconds: 5_000)
                })
            }
        }
        try result.get()
    }

    func stop(grace: Duration) async {
        closeInput()
        if await waitForExit(within: grace) { return }
        signalGroup(SIGTERM)
        if await waitForExit(within: .milliseconds(200)) { return }
        signalGroup(SIGKILL)
        _ = await waitForExit(within: nil)
    }

    func terminate() {
        closeInput()
        signalGroup(SIGKILL)
    }

    // MARK: Writing

    /// Writes what fits now; returns what is left (empty when all was written).
    private func writeWithoutBlocking(_ data: Data, to descriptor: Int32) throws(TransportError) -> Data {
        var offset = 0
        let failure: Int32? = data.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written >= 0 { offset += written; continue }
                if errno == EINTR { continue }
                if errno == EAGAIN { return nil }
                return errno
            }
            return nil
        }
        if let failure {
            throw TransportError(.closed, "\(endpoint.appName)'s extension closed its input (\(String(cString: strerror(failure))))")
        }
        return data.dropFirst(offset)
    }

    private func writeWaiting(_ data: Data, to descriptor: Int32, timeoutMilliseconds: Int32) throws(TransportError) {
        var rest = data
        let deadline = ContinuousClock.now + .milliseconds(Int(timeoutMilliseconds))
        while !rest.isEmpty {
            var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let left = deadline - ContinuousClock.now
            guard left > .zero, poll(&poller, 1, Int32(left / .milliseconds(1)) + 1) > 0 else {
                throw TransportError(.notReading, "\(endpoint.appName)'s extension stopped reading its input")
            }
            rest = try writeWithoutBlocking(rest, to: descriptor)
        }
    }

    private func closeInput() {
        lock.withLock {
            if inputOpen, let process { close(process.stdin) }
            inputOpen = false
        }
    }

    private func signalGroup(_ signal: Int32) {
        lock.withLock {
            guard !reaped, let process else { return }
            kill(-process.pid, signal)
        }
    }

    // MARK: Reading and reaping

    private func readUntilExit(_ process: SpawnedProcess, delegate: any LineTransportDelegate) {
        var lines = LineDecoder()
        var logLines = StderrBudget()
        var oversized: Int?
        var stderrOpen = true
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        _ = fcntl(process.stderr, F_SETFL, fcntl(process.stderr, F_GETFL) | O_NONBLOCK)

        readLoop: while true {
            var pollers = [pollfd(fd: process.stdout, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: stderrOpen ? process.stderr : -1, events: Int16(POLLIN), revents: 0)]
            if poll(&pollers, 2, -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if pollers[1].revents != 0 {
                stderrOpen = drainLog(process.stderr, into: &logLines, buffer: &buffer)
            }
            guard pollers[0].revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(process.stdout, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { break }
            guard oversized == nil else { continue }
            do throws(LineDecoder.OversizedLine) {
                for line in try lines.feed(buffer[0..<count]) { delegate.transport(didReceive: line) }
            } catch {
                oversized = error.limit
                log("sent a line over \(error.limit) bytes; stopping it")
                terminate()
            }
        }
        if oversized == nil, let last = lines.finish() { delegate.transport(didReceive: last) }
        let status = reap(process.pid)
        while stderrOpen { stderrOpen = drainLog(process.stderr, into: &logLines, buffer: &buffer, finalDrain: true) }
        for line in logLines.finish(now: .now) { log(line) }
        close(process.stdout)
        close(process.stderr)
        let closure = oversized.map { TransportClosure.oversizedLine(limit: $0) } ?? sandboxed(status)
        let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            if inputOpen { close(process.stdin) }
            inputOpen = false
            exit = closure
            defer { exitWaiters = [] }
            return exitWaiters
        }
        delegate.transport(didClose: closure)
        for waiter in waiters { waiter.resume() }
    }

    /// Reads what stderr has; returns false at its end. On the final drain it never waits.
    private func drainLog(_ descriptor: Int32, into budget: inout StderrBudget, buffer: inout [UInt8],
                          finalDrain: Bool = false) -> Bool {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 { return (errno == EINTR) || (errno == EAGAIN && !finalDrain) }
        guard count > 0 else { return false }
        for line in budget.feed(buffer[0..<count], now: .now) { log(line) }
        return true
    }

    /// Waits for the process to exit after its stdout closed; kills it if it lingers with stdout closed.
    /// The exit is observed without reaping (WNOWAIT), then reaped under the lock, so a concurrent
    /// `terminate()` can never signal a process group whose id was already reused.
    private func reap(_ pid: pid_t) -> TransportClosure {
        var exited = false
        for attempt in 0..<200 {
            let result = parlance_child_has_exited(pid)
            if result == 1 { exited = true; break }
            if result < 0 && errno != EINTR { break }
            usleep(attempt < 50 ? 1_000 : 10_000)
        }
        if !exited { kill(-pid, SIGKILL) }
        var status: Int32 = 0
        lock.withLock {
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped = true
        }
        records?.remove(pid: pid)
        return Self.closure(status)
    }

    /// bubblewrap exits with 128 + the signal that ended the extension; told as that signal.
    private func sandboxed(_ closure: TransportClosure) -> TransportClosure {
        guard sandbox.confines, case .exited(let status) = closure, status > 128, status < 128 + 65 else { return closure }
        return .signaled(signal: status - 128)
    }

    private static func closure(_ status: Int32) -> TransportClosure {
        let signal = status & 0x7f
        return signal == 0 ? .exited(status: (status >> 8) & 0xff) : .signaled(signal: signal)
    }

    /// Waits until the process has been reaped, or the timeout passed; true when it has exited.
    private func waitForExit(within timeout: Duration?) async -> Bool {
        let hasExited = { self.lock.withLock { self.exit != nil } }
        if hasExited() { return true }
        guard let timeout else {
            await withCheckedContinuation { continuation in
                let resumeNow = lock.withLock { () -> Bool in
                    if exit != nil { return true }
                    exitWaiters.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            return true
        }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if hasExited() { return true }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return hasExited()
    }
}

/// Launches each extension as its own process.
public struct ProcessLauncher: ExtensionLauncher {
    /// How extensions are confined.
    public let sandbox: ExtensionSandbox
    /// Where running extensions are recorded, for the clean-up after a crash; nowhere when nil.
    public let records: ExtensionProcessRecords?

    /// A launcher; `.none` (no confinement) suits embedding and tests, the assistant passes bubblewrap.
    public init(sandbox: ExtensionSandbox = .none, records: ExtensionProcessRecords? = nil) {
        self.sandbox = sandbox
        self.records = records
    }

    public func makeTransport(for endpoint: ExtensionEndpoint, log: @escaping @Sendable (String) -> Void)
        throws(TransportError) -> any LineTransport {
        ExtensionProcess(endpoint: endpoint, sandbox: sandbox, records: records, log: log)
    }
}

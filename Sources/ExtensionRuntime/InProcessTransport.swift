import ExtensionWire
import Foundation
import Intents

/// Runs an extension inside the assistant's process, behind the same line protocol as a real
/// extension process: for embedding Parlance and for fast tests of extensions.
public final class InProcessTransport: LineTransport, @unchecked Sendable {
    private let makeExtension: @Sendable () -> any INIntentHandlerProviding
    private let lock = NSLock()
    private var input: AsyncStream<Data>.Continuation?
    private var serving: Task<Void, Never>?
    private var finished = false

    /// A transport that serves the extension `makeExtension` creates when started.
    public init(_ makeExtension: @escaping @Sendable () -> any INIntentHandlerProviding) {
        self.makeExtension = makeExtension
    }

    public func start(delegate: any LineTransportDelegate) throws(TransportError) {
        let (lines, continuation) = AsyncStream.makeStream(of: Data.self, bufferingPolicy: .unbounded)
        let server = ExtensionServer(extension: makeExtension()) { line in
            delegate.transport(didReceive: line.last == 0x0A ? line.dropLast() : line)
        }
        lock.withLock {
            input = continuation
            // The serving task belongs to this transport: `stop` ends its input and awaits it.
            serving = Task { [weak self] in
                await server.serve(lines: lines)
                self?.lock.withLock { self?.finished = true }
                delegate.transport(didClose: .exited(status: 0))
            }
        }
    }

    public func send(_ line: Data) async throws(TransportError) {
        guard let input = lock.withLock({ input }) else { throw TransportError(.closed, "the in-process extension has stopped") }
        if case .terminated = input.yield(line.last == 0x0A ? line.dropLast() : line) {
            throw TransportError(.closed, "the in-process extension has stopped")
        }
    }

    /// Ends the input and waits up to `grace` for the serve loop to finish. A handler that never
    /// returns cannot be killed inside this process; it is abandoned (cancelled) rather than waited for.
    public func stop(grace: Duration) async {
        let task = lock.withLock { () -> Task<Void, Never>? in
            input?.finish()
            input = nil
            return serving
        }
        let deadline = ContinuousClock.now + grace
        while !lock.withLock({ finished }) && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
        }
        if !lock.withLock({ finished }) { task?.cancel() }
    }

    public func terminate() {
        lock.withLock {
            input?.finish()
            input = nil
            serving?.cancel()
        }
    }
}

/// Launches extensions in-process from factories keyed by extension identifier.
public struct InProcessLauncher: ExtensionLauncher {
    private let factories: [String: @Sendable () -> any INIntentHandlerProviding]

    /// A launcher for these extensions, keyed by `ExtensionEndpoint.identifier`.
    public init(_ factories: [String: @Sendable () -> any INIntentHandlerProviding]) {
        self.factories = factories
    }

    public func makeTransport(for endpoint: ExtensionEndpoint, log: @escaping @Sendable (String) -> Void)
        throws(TransportError) -> any LineTransport {
        guard let factory = factories[endpoint.identifier] else {
            throw TransportError(.launchFailed, "no in-process extension is registered as \(endpoint.identifier)")
        }
        return InProcessTransport(factory)
    }
}

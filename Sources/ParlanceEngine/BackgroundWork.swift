import Synchronization

/// Work that goes on after a turn (following a ride until it completes), owned by one task group:
/// each job runs as a child task of `run()`, and `finish()` ends them all. What the jobs produce comes
/// out of `output`.
final class BackgroundWork<Output: Sendable>: Sendable {
    typealias Job = @Sendable (AsyncStream<Output>.Continuation) async -> Void

    private let jobs = AsyncStream<Job>.makeStream()
    private let produced = AsyncStream<Output>.makeStream()
    private let count = Mutex(0)

    /// What the jobs produce, in order.
    var output: AsyncStream<Output> { produced.stream }

    /// Jobs submitted and not yet over.
    var active: Int { count.withLock { $0 } }

    /// Runs a job in the background (once `run()` is running).
    func submit(_ job: @escaping Job) {
        count.withLock { $0 += 1 }
        jobs.continuation.yield(job)
    }

    /// Runs the submitted jobs until `finish()`; then cancels those still running and returns when they are over.
    func run() async {
        let output = produced.continuation
        await withDiscardingTaskGroup { group in
            for await job in jobs.stream {
                group.addTask {
                    await job(output)
                    self.count.withLock { $0 = max(0, $0 - 1) }
                }
            }
            group.cancelAll()
        }
        produced.continuation.finish()
    }

    /// Stops taking jobs and ends the ones running.
    func finish() {
        jobs.continuation.finish()
    }
}

import Foundation

/// The one thread that starts extension processes. A child started with a parent-death signal is
/// killed when the *thread* that started it ends, and the cooperative pool's threads may come and
/// go; this thread lives as long as the assistant, so extensions die with the assistant, not before.
final class SpawningThread: @unchecked Sendable {
    static let shared = SpawningThread()

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []

    private init() {
        let thread = Thread { [self] in serve() }
        thread.name = "parlance-spawner"
        thread.start()
    }

    /// Runs `body` on the spawning thread and returns its result; the caller waits (a spawn takes
    /// about a millisecond).
    func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value {
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox<Value>()
        condition.withLock {
            jobs.append {
                result.value = body()
                done.signal()
            }
            condition.signal()
        }
        done.wait()
        // The semaphore orders the write before this read.
        guard let value = result.value else { preconditionFailure("the spawning thread returned no value") }
        return value
    }

    private func serve() {
        while true {
            let job = condition.withLock { () -> @Sendable () -> Void in
                while jobs.isEmpty { condition.wait() }
                return jobs.removeFirst()
            }
            job()
        }
    }
}

private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}

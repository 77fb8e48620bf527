import Foundation
import Synchronization

/// The threads that run the server's requests. A turn calls the store and waits for it (SQLite's disk, a
/// PostgreSQL server's answer); on Swift's shared pool, which has one thread per core, a turn waiting there
/// stops every other turn queued for that thread meanwhile. Here more threads take the work, so a wait holds one
/// of them and the others go on; the work between waits still shares the machine's cores.
final class TurnExecutor: TaskExecutor, @unchecked Sendable {
    /// Guards `waiting` and `first`, and wakes a thread when a job comes.
    private let ready = NSCondition()
    /// The jobs to run, oldest from `first` on.
    private var waiting: [UnownedJob] = []
    private var first = 0
    private var threads: [Thread] = []

    private static let made = Mutex<TurnExecutor?>(nil)

    /// The process's request threads, started on first use (`threads` then says how many).
    static func shared(threads: Int) -> TurnExecutor {
        made.withLock { made in
            if let made { return made }
            let executor = TurnExecutor(threads: threads)
            made = executor
            return executor
        }
    }

    /// Starts `threads` threads that run for as long as the process does.
    init(threads count: Int) {
        for index in 0..<max(1, count) {
            let thread = Thread { [self] in runJobs() }
            thread.name = "parlance-turn-\(index)"
            thread.stackSize = 4 << 20
            threads.append(thread)
        }
        for thread in threads { thread.start() }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        ready.lock()
        waiting.append(unowned)
        ready.signal()
        ready.unlock()
    }

    private func runJobs() {
        while true {
            ready.lock()
            while first == waiting.count { ready.wait() }
            let job = waiting[first]
            first += 1
            if first == waiting.count {
                waiting.removeAll(keepingCapacity: true)
                first = 0
            } else if first > 1024, first * 2 > waiting.count {
                waiting.removeFirst(first)
                first = 0
            }
            ready.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

import Foundation
import Testing

/// Threads of their own for tests that would hold one of Swift's cooperative pool threads for long:
/// tests that block while they wait (for a process to exit, a pipe to close, a page to change) and
/// tests that compute for seconds (training the understanding models of six languages, replaying a
/// corpus). The pool has one thread per core — two on the machines we test on — and a test that holds
/// one starves every other test's tasks: in-process extensions then miss their start deadlines although
/// nothing is wrong with them. Such tests are marked `.waitsBlocking` or `.computesAtLength` and run
/// here, at most `width` at a time, leaving the pool to the rest.
package final class DedicatedTestExecutor: TaskExecutor, @unchecked Sendable {
    /// For tests that wait on processes, pipes and pages.
    package static let waiting = DedicatedTestExecutor(width: 3)
    /// For tests that compute at length (two cores: two at a time).
    package static let computing = DedicatedTestExecutor(width: 2)

    private static let marker = "parlance.dedicated-test-thread"
    private let width: Int
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var threads = 0

    package init(width: Int) {
        self.width = width
    }

    /// Whether the caller runs on one of these threads (a thread's name is no sign here: Linux threads
    /// inherit their creator's, and Foundation does not rename a running one).
    package static var isCurrentThread: Bool { Thread.current.threadDictionary[marker] != nil }

    /// Records an issue when the caller runs on the cooperative pool: a helper that trains models or
    /// waits calls it, so a test that forgot its trait fails every run, not only when the pool starves.
    package static func expectCurrentThread(for work: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard !isCurrentThread else { return }
        let message = "\(work) runs on Swift's cooperative pool and starves the hosting tests; mark the suite "
            + "`.computesAtLength` or `.waitsBlocking` (or nest it in one that is)"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            if threads < width {
                threads += 1
                Thread { [self] in serve() }.start()
            } else {
                condition.signal()
            }
        }
    }

    private func serve() {
        Thread.current.threadDictionary[Self.marker] = true
        let executor = asUnownedTaskExecutor()
        while let job = next() {
            job.runSynchronously(on: executor)
        }
    }

    /// The next job; nil after ten idle seconds, when the thread ends.
    private func next() -> UnownedJob? {
        condition.withLock {
            let idleUntil = Date(timeIntervalSinceNow: 10)
            while jobs.isEmpty {
                if !condition.wait(until: idleUntil) && jobs.isEmpty {
                    threads -= 1
                    return nil
                }
            }
            return jobs.removeFirst()
        }
    }
}

/// Runs each test of a suite (or one test) on a `DedicatedTestExecutor` (see there why).
package struct DedicatedThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    let executor: DedicatedTestExecutor

    package var isRecursive: Bool { true }

    package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    package func provideScope(for test: Test, testCase: Test.Case?,
                              performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(executor) {
            try await Self.leavingThePool(function)
        }
    }

    /// A `@concurrent` function leaves its caller's executor for the preferred one; called straight from
    /// the preference's closure, the test would start on the pool thread it was called on.
    @concurrent private static func leavingThePool(_ function: @Sendable () async throws -> Void) async throws {
        try await function()
    }
}

extension Trait where Self == DedicatedThreadsTrait {
    /// The tests block while they wait (processes, pipes, pages); they run on threads of their own.
    package static var waitsBlocking: Self { DedicatedThreadsTrait(executor: .waiting) }
    /// The tests compute for seconds (models, corpora); they run on threads of their own.
    package static var computesAtLength: Self { DedicatedThreadsTrait(executor: .computing) }
}

import Foundation

/// Forwards between the spellings of one handler method (completion handler, async, iOS 10 name).
///
/// Every spelling's default implementation forwards to the next spelling in a ring. A conformer
/// implements one spelling, which breaks the ring there. If it implements none, the call comes
/// back to a spelling it already passed through: the chain sees that (each call records the
/// spellings it has passed in a task-local set) and answers with the fallback value, which the
/// dispatcher recognises as "not implemented". No recursion, no hang.
///
/// ```
///  handle(intent:) async ─► handle(intent:completion:) ─► handle(sendMessage:completion:) ─┐
///          ▲                                                                              │
///          └──────────────────────────────────────────────────────────────────────────────┘
/// ```
enum SpellingChain {
    @TaskLocal static var visited: Set<String> = []
    @TaskLocal static var probe: UnimplementedProbe?

    /// A completion-handler spelling forwarding to another completion-handler spelling.
    static func forward<R: Sendable>(_ key: String, completion: @escaping @Sendable (R) -> Void, fallback: @autoclosure () -> R,
                                     _ call: (@escaping @Sendable (R) -> Void) -> Void) {
        guard !visited.contains(key) else {
            probe?.markUnimplemented()
            completion(fallback())
            return
        }
        $visited.withValue(visited.union([key])) {
            call(completion)
        }
    }

    /// A completion-handler spelling forwarding to an async spelling.
    static func forwardToAsync<H, R: Sendable>(_ key: String, handler: H, completion: @escaping @Sendable (R) -> Void,
                                               fallback: @autoclosure () -> R,
                                               _ call: @escaping @Sendable (H) async -> R) {
        guard !visited.contains(key) else {
            probe?.markUnimplemented()
            completion(fallback())
            return
        }
        let box = UncheckedBox(handler)
        $visited.withValue(visited.union([key])) {
            // The only way from a synchronous requirement into an async one; the task inherits `visited`.
            Task {
                completion(await call(box.value))
            }
        }
    }

    /// An async spelling forwarding to a completion-handler spelling.
    static func forwardToCompletion<R: Sendable>(_ key: String, fallback: @autoclosure () -> R,
                                                 _ call: (@escaping @Sendable (R) -> Void) -> Void) async -> R {
        guard !visited.contains(key) else {
            probe?.markUnimplemented()
            return fallback()
        }
        return await $visited.withValue(visited.union([key])) {
            await withCheckedContinuation { (continuation: CheckedContinuation<R, Never>) in
                let once = ResumeOnce(continuation)
                call { once.resume(returning: $0) }
            }
        }
    }

    /// An async spelling forwarding to another async spelling.
    static func forwardAsync<R: Sendable>(_ key: String, fallback: @autoclosure () -> R, _ call: () async -> R) async -> R {
        guard !visited.contains(key) else {
            probe?.markUnimplemented()
            return fallback()
        }
        return await $visited.withValue(visited.union([key])) {
            await call()
        }
    }

    /// A method without a result (ride status updates): on a full ring it does nothing.
    static func forwardVoid(_ key: String, _ call: () -> Void) {
        guard !visited.contains(key) else {
            probe?.markUnimplemented()
            return
        }
        $visited.withValue(visited.union([key])) {
            call()
        }
    }
}

/// Records that a forwarded call found no implementation (for methods without a result to mark).
final class UnimplementedProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var unimplemented = false

    func markUnimplemented() {
        lock.withLock { unimplemented = true }
    }

    var foundUnimplemented: Bool {
        lock.withLock { unimplemented }
    }
}

/// Resumes a continuation on the first call only: an extension that calls its completion handler
/// twice must not crash the process.
final class ResumeOnce<R: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<R, Never>?

    init(_ continuation: CheckedContinuation<R, Never>) {
        self.continuation = continuation
    }

    func resume(returning value: R) {
        let pending = lock.withLock { () -> CheckedContinuation<R, Never>? in
            defer { continuation = nil }
            return continuation
        }
        pending?.resume(returning: value)
    }
}

/// Carries a non-Sendable value into a task. Used only for handler objects, which SiriKit also
/// calls from arbitrary queues.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

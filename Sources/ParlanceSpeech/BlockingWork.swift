import Foundation

/// Work that blocks while it waits (a program run to its end), moved to a thread of its own. Swift's
/// cooperative pool has one thread per core; a caller that blocked one while espeak-ng speaks would hold
/// back every other task of the assistant (a server's other conversations, its deadlines) meanwhile.
package enum BlockingWork {
    package static func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
            let thread = Thread {
                do throws(Failure) {
                    continuation.resume(returning: .success(try work()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            thread.name = "parlance-speech-program"
            thread.start()
        }
        return try result.get()
    }
}

import Dispatch
import ExtensionWire
import Foundation

/// Sends `$/progress` for one running request every interval until stopped, from a timer rather than a
/// task, so that a request answered at once costs no thread.
final class ProgressTicker: @unchecked Sendable {
    private let timer: any DispatchSourceTimer

    init(id: WireRequestID, every interval: Duration, output: ReplyWriter) {
        let start = ContinuousClock.now
        // Between a millisecond and about eleven days, whatever the assistant asked for.
        let nanoseconds = Int(min(max(interval / .nanoseconds(1), 1e6), 1e15))
        timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
        timer.setEventHandler {
            let elapsed = ContinuousClock.now - start
            output.notify(.progress, ProgressParams(id: id, elapsedMilliseconds: Int(elapsed / .milliseconds(1))))
        }
        timer.resume()
    }

    /// No more reports; one already being sent finishes.
    func stop() {
        timer.cancel()
    }
}

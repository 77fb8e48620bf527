import ExtensionWire
import Foundation
import Intents

/// The observer given to an app's `startSendingUpdates(for:to:)`: forwards each status as an
/// `updates/response` notification until the updates stop.
final class RideStatusForwarder: NSObject, INGetRideStatusIntentResponseObserver, @unchecked Sendable {
    private let intentIdentifier: String?
    private let output: ReplyWriter
    private let state = NSLock()
    private var active = true

    init(intentIdentifier: String?, output: ReplyWriter) {
        self.intentIdentifier = intentIdentifier
        self.output = output
    }

    /// False once the assistant stopped the updates: later statuses are dropped.
    var isActive: Bool {
        get { state.withLock { active } }
        set { state.withLock { active = newValue } }
    }

    func didUpdate(getRideStatus response: INGetRideStatusIntentResponse) {
        guard isActive else { return }
        output.notify(.update, UpdateParams(intentIdentifier: intentIdentifier, response: response))
    }
}

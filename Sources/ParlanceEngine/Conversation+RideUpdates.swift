import ExtensionWire
@_spi(Parlance) import Intents
import ParlanceCore

extension Conversation {
    /// After an in-progress ride request: reports the ride's status as it changes, until it completes
    /// (or the conversation's background work is finished).
    func follow(_ task: IntentTask, app: AppBundle, endpoint: ExtensionEndpoint, response: JSONValue) {
        guard app.supportedIntents.contains(.getRideStatus) else { return }
        let statusIntent = INGetRideStatusIntent()
        statusIntent.assignIdentifier(task.identifier + "-status")
        let context = presentationContext(task)
        let presenter = self.presenter
        let host = extensions
        let logger = self.logger
        let identifier = app.identifier
        let reported = Self.ridePhase(response)
        let policy = self.policy
        background.submit { output in
            var lastPhase = reported
            var restarts = 0
            while true {
                let events = AsyncStream<RideFollowEvent>.makeStream()
                var started = false
                do {
                    started = try await host.startUpdates(for: statusIntent, in: endpoint, onUpdate: { response in
                        if let json = try? Conversation.json(response) { events.continuation.yield(.status(json)) }
                    }, onEnd: { failure in
                        events.continuation.yield(.extensionEnded(failure.message))
                        events.continuation.finish()
                    })
                    guard started else { return }
                } catch {
                    logger.warning("\(identifier): ride status updates could not start: \(error)")
                }
                var ended = !started
                if started {
                    for await event in events.stream {
                        switch event {
                        case .status(let status):
                            restarts = 0
                            let phase = Self.ridePhase(status)
                            if phase != lastPhase {
                                lastPhase = phase
                                output.yield(presenter.update(status, context: context))
                            }
                            if phase == "completed" {
                                do {
                                    try await host.stopUpdates(for: statusIntent, in: endpoint)
                                } catch {
                                    logger.debug("\(identifier): ride status updates did not stop cleanly: \(error)")
                                }
                                return
                            }
                        case .extensionEnded(let reason):
                            logger.warning("\(identifier): the extension ended while a ride was followed: \(reason)")
                            ended = true
                        }
                        if ended { break }
                    }
                }
                // The stream finished without the extension ending: the follow-up was stopped.
                guard ended else { return }
                guard restarts < policy.rideFollowRestarts else {
                    output.yield(presenter.notice(.rideUpdatesLost(app: context.app), intent: task.intent))
                    return
                }
                if restarts == 0 { output.yield(presenter.notice(.rideUpdatesInterrupted(app: context.app), intent: task.intent)) }
                restarts += 1
                try? await Task.sleep(for: policy.rideFollowBackoff * restarts)
                if Task.isCancelled { return }
            }
        }
    }

    /// The ride's phase in a status response's JSON form.
    static func ridePhase(_ response: JSONValue) -> String? {
        response.objectValue?["properties"]?.objectValue?["rideStatus"]?.objectValue?["phase"]?.stringValue
    }
}

/// What a followed ride's extension tells: a status, or that it ended.
enum RideFollowEvent: Sendable {
    case status(JSONValue)
    case extensionEnded(String)
}

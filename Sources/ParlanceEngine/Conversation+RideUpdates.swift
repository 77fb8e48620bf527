import ExtensionWire
@_spi(Parlance) import Intents
import ParlanceCore

extension Conversation {
    /// After an in-progress ride request: reports the ride's status as it changes, until it completes
    /// (or the conversation's background work is finished).
    func follow(_ task: IntentTask, app: AppBundle, endpoint: ExtensionEndpoint, response: JSONValue) {
        guard app.supportedIntents.contains("INGetRideStatusIntent") else { return }
        let statusIntent = INGetRideStatusIntent()
        statusIntent.assignIdentifier(task.identifier + "-status")
        let context = presentationContext(task)
        let presenter = self.presenter
        let host = extensions
        let logger = self.logger
        let identifier = app.identifier
        let reported = Self.ridePhase(response)
        background.submit { output in
            let statuses = AsyncStream<JSONValue>.makeStream()
            do {
                let implemented = try await host.startUpdates(for: statusIntent, in: endpoint) { response in
                    if let json = try? Conversation.json(response) { statuses.continuation.yield(json) }
                }
                guard implemented else { return }
            } catch {
                logger.warning("\(identifier): ride status updates could not start: \(error)")
                return
            }
            var lastPhase = reported
            for await status in statuses.stream {
                let phase = Self.ridePhase(status)
                if phase != lastPhase {
                    lastPhase = phase
                    output.yield(presenter.update(status, context: context))
                }
                if phase == "completed" { break }
            }
            do {
                try await host.stopUpdates(for: statusIntent, in: endpoint)
            } catch {
                logger.debug("\(identifier): ride status updates did not stop cleanly: \(error)")
            }
        }
    }

    /// The ride's phase in a status response's JSON form.
    static func ridePhase(_ response: JSONValue) -> String? {
        response.objectValue?["properties"]?.objectValue?["rideStatus"]?.objectValue?["phase"]?.stringValue
    }
}

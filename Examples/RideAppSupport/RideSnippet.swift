import Foundation
import Intents
import IntentsUI
import MonkeyAppSupport

/// MonkeyRide's Intents UI extension: how far the ride has got, and where the car is, below the
/// assistant's ride card.
final class RideSnippet: INUIHostedViewControlling {
    func configureView(for interaction: INInteraction, context: INUIHostedViewContext) async -> INUIView? {
        let status = (interaction.intentResponse as? INRequestRideIntentResponse)?.rideStatus
            ?? (interaction.intentResponse as? INGetRideStatusIntentResponse)?.rideStatus
        guard let status else { return nil }
        let steps: [INRidePhase] = [.received, .confirmed, .approachingPickup, .pickup, .ongoing, .completed]
        let done = Double((steps.firstIndex(of: status.phase) ?? 0) + 1) / Double(steps.count)
        var elements: [INUIElement] = [.progress(done, label: SnippetText.text("progress"))]
        if let place = status.dropOffLocation, let location = place.location {
            elements.append(.mapPin(label: place.name ?? SnippetText.text("destination"), latitude: location.coordinate.latitude,
                                    longitude: location.coordinate.longitude))
        }
        return INUIView(elements)
    }
}

import Foundation
import Intents
import IntentsUI
import MonkeyAppSupport

/// MonkeyDine's Intents UI extension: the booked table, with the restaurant on a map.
final class DineSnippet: INUIHostedViewControlling {
    func configureView(for interaction: INInteraction, context: INUIHostedViewContext) async -> INUIView? {
        guard let booking = (interaction.intentResponse as? INBookRestaurantReservationIntentResponse)?.userBooking else {
            return nil
        }
        let time = DateFormatter.localizedString(from: booking.bookingDate, dateStyle: .medium, timeStyle: .short)
        var elements: [INUIElement] = [
            .text(booking.restaurant.name),
            .keyValue(SnippetText.text("time"), time),
            .keyValue(SnippetText.text("party"), "\(booking.partySize)"),
            .keyValue(SnippetText.text("status"), booking.status == .confirmed ? "✓" : "…"),
        ]
        let location = booking.restaurant.location.coordinate
        elements.append(.mapPin(label: booking.restaurant.name, latitude: location.latitude, longitude: location.longitude))
        return INUIView(elements)
    }
}

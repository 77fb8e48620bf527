import CoreLocation
import Foundation
import Intents
import Testing

// A restaurant app's extension as Maps' reservation intents are written on iOS (labels `completion:`,
// never renamed), driven through the dispatcher.

final class BananaBistroHandler: NSObject, INBookRestaurantReservationIntentHandling,
    INGetAvailableRestaurantReservationBookingsIntentHandling {
    let bistro = INRestaurant(location: CLLocation(latitude: 52.52, longitude: 13.405), name: "Banana Bistro",
                              vendorIdentifier: "org.parlance.examples.monkeydine", restaurantIdentifier: "banana-bistro")
    var booked: [String] = []

    func resolveRestaurant(for intent: INBookRestaurantReservationIntent, completion: @escaping (INRestaurantResolutionResult) -> Void) {
        completion(intent.restaurant.restaurantIdentifier == bistro.restaurantIdentifier ? .success(with: intent.restaurant) : .unsupported())
    }

    func resolvePartySize(for intent: INBookRestaurantReservationIntent, completion: @escaping (INIntegerResolutionResult) -> Void) {
        completion(intent.partySize > 8 ? .unsupported() : .success(with: intent.partySize))
    }

    func handle(bookRestaurantReservation intent: INBookRestaurantReservationIntent,
                completion: @escaping (INBookRestaurantReservationIntentResponse) -> Void) {
        let guest = intent.guest ?? INRestaurantGuest(nameComponents: nil, phoneNumber: "+1 555 0100", emailAddress: nil)
        let booking = INRestaurantReservationUserBooking(restaurant: intent.restaurant, booking: Date(timeIntervalSince1970: 0),
                                                         partySize: intent.partySize,
                                                         bookingIdentifier: intent.bookingIdentifier ?? "table-1",
                                                         guest: guest, status: .confirmed, dateStatusModified: Date())
        booking.guestProvidedSpecialRequestText = intent.guestProvidedSpecialRequestText
        booked.append(booking.bookingIdentifier)
        let response = INBookRestaurantReservationIntentResponse(code: .success, userActivity: nil)
        response.userBooking = booking
        completion(response)
    }

    func handle(getAvailableRestaurantReservationBookings intent: INGetAvailableRestaurantReservationBookingsIntent,
                completion: @escaping (INGetAvailableRestaurantReservationBookingsIntentResponse) -> Void) {
        let tables = (0..<3).map { hour in
            INRestaurantReservationBooking(restaurant: intent.restaurant, booking: Date(timeIntervalSince1970: Double(18 + hour) * 3600),
                                           partySize: intent.partySize, bookingIdentifier: "table-\(hour)")
        }
        let response = INGetAvailableRestaurantReservationBookingsIntentResponse(availableBookings: tables, code: .success,
                                                                                 userActivity: nil)
        response.termsAndConditions = INTermsAndConditions(localizedTermsAndConditionsText: "Tables are kept for 15 minutes.",
                                                           privacyPolicyURL: nil, termsAndConditionsURL: nil)
        completion(response)
    }
}

@Suite("Restaurant reservations (Maps' intents)")
struct RestaurantReservationTests {
    let dispatcher = IntentDispatcher()

    @Test("availability and a booking, resolved and handled through SiriKit-style handlers; the JSON form keeps them")
    func bookATable() async throws {
        let handler = BananaBistroHandler()
        let available = INGetAvailableRestaurantReservationBookingsIntent(
            restaurant: handler.bistro, partySize: 2, preferredBooking: DateComponents(hour: 19), maximumNumberOfResults: 3,
            earliestBookingDateForResults: nil, latestBookingDateForResults: nil)
        let offer = try #require(try await dispatcher.handle(available, with: handler)
            as? INGetAvailableRestaurantReservationBookingsIntentResponse)
        #expect(offer.availableBookings.map(\.bookingIdentifier) == ["table-0", "table-1", "table-2"])
        let data = try JSONEncoder().encode(AnyIntentResponse(offer))
        let decoded = try JSONDecoder().decode(AnyIntentResponse.self, from: data).response
            as? INGetAvailableRestaurantReservationBookingsIntentResponse
        #expect(decoded?.availableBookings.count == 3)
        #expect(decoded?.termsAndConditions?.localizedTermsAndConditionsText == "Tables are kept for 15 minutes.")

        let guest = INRestaurantGuest(nameComponents: nil, phoneNumber: "+1 555 0100", emailAddress: "bobo@example.org")
        let book = INBookRestaurantReservationIntent(restaurant: handler.bistro, booking: DateComponents(hour: 19), partySize: 2,
                                                     bookingIdentifier: "table-1", guest: guest, selectedOffer: nil,
                                                     guestProvidedSpecialRequestText: "a table by the window")
        let restaurant = try #require(try await dispatcher.resolve("restaurant", of: book, with: handler))
        #expect(restaurant.first?.kind == .success)
        #expect(try await dispatcher.resolve("guest", of: book, with: handler) == nil)  // not implemented: taken as it is
        let tooMany = INBookRestaurantReservationIntent()
        tooMany.restaurant = handler.bistro
        tooMany.partySize = 12
        #expect(try await dispatcher.resolve("partySize", of: tooMany, with: handler)?.first?.kind == .unsupported)
        let done = try #require(try await dispatcher.handle(book, with: handler) as? INBookRestaurantReservationIntentResponse)
        #expect(done.code == .success)
        #expect(done.userBooking?.status == .confirmed)
        #expect(done.userBooking?.guest.emailAddress == "bobo@example.org")
        #expect(done.userBooking?.guestProvidedSpecialRequestText == "a table by the window")
        #expect(handler.booked == ["table-1"])
        #expect(IntentCatalog.intent(named: "INBookRestaurantReservationIntent")?.domain == .restaurants)
    }
}

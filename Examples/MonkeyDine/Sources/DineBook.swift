import CoreLocation
import Foundation
import Intents
import MonkeyAppSupport

/// MonkeyDine's data and rules: its restaurants (opening hours, tables, offers), the user's guest
/// details, and the tables booked.
struct DineBook: Codable, Sendable {
    struct Restaurant: Sendable {
        var identifier: String
        var name: String
        var latitude: Double
        var longitude: Double
        /// Opening and closing hour, local time; the last booking is an hour before closing.
        var opens: Int
        var closes: Int
        /// Seats per table.
        var tables: [Int]
        var offers: [(identifier: String, title: String, detail: String)]
    }

    struct Booking: Codable, Sendable {
        /// The booking intent's identifier: a repeated handle finds its booking again.
        var intentIdentifier: String
        var identifier: String
        var restaurant: String
        var date: Date
        var partySize: Int
        var guestName: String?
        var phoneNumber: String?
        var emailAddress: String?
        var specialRequest: String?
        var offer: String?
        var confirmed: Bool
        var bookedAt: Date
    }

    struct Guest: Codable, Sendable {
        var givenName = "Bobo"
        var familyName = "Banana"
        var phoneNumber = "+1 555 0123"
        var emailAddress = "bobo@example.org"
    }

    var bookings: [Booking] = []
    var guest = Guest()

    static let identifier = "org.parlance.examples.monkeydine"
    static let file = AppDataFile<DineBook>(appIdentifier: identifier) { DineBook() }
    /// Bookings last this long: a table booked at 19:00 is taken until 21:00.
    static let sitting: TimeInterval = 2 * 3600
    /// Parties this large are confirmed by the restaurant by hand (pending until then).
    static let manualFrom = 7

    static let restaurants = [
        Restaurant(identifier: "banana-bistro", name: "Banana Bistro", latitude: 52.5208, longitude: 13.4094, opens: 11,
                   closes: 23, tables: [2, 2, 4, 4, 6], offers: [("early-bird", "Early bird", "15 % off before 18:00")]),
        Restaurant(identifier: "coconut-grove", name: "The Coconut Grove", latitude: 52.5069, longitude: 13.3326, opens: 17,
                   closes: 24, tables: [2, 4, 8], offers: []),
        Restaurant(identifier: "mango-tango", name: "Mango Tango", latitude: 52.4986, longitude: 13.4186, opens: 12,
                   closes: 22, tables: [2, 2, 2, 4], offers: [("tasting", "Tasting menu", "Seven mango courses")]),
    ]

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        return calendar
    }

    static func restaurant(_ identifier: String) -> Restaurant? {
        restaurants.first { $0.identifier == identifier }
    }

    static func restaurant(for restaurant: INRestaurant?) -> Restaurant? {
        guard let restaurant else { return nil }
        return Self.restaurant(restaurant.restaurantIdentifier)
            ?? restaurants.first { $0.name.caseInsensitiveCompare(restaurant.name) == .orderedSame }
    }

    static func inRestaurant(_ restaurant: Restaurant) -> INRestaurant {
        INRestaurant(location: CLLocation(latitude: restaurant.latitude, longitude: restaurant.longitude),
                     name: restaurant.name, vendorIdentifier: identifier, restaurantIdentifier: restaurant.identifier)
    }

    /// Whether a time is one the restaurant takes bookings for: open, on the half hour, in the future.
    static func isBookable(_ date: Date, at restaurant: Restaurant, now: Date = Date()) -> Bool {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        guard let hour = parts.hour, let minute = parts.minute, minute % 30 == 0 else { return false }
        return date > now && hour >= restaurant.opens && hour < restaurant.closes - 1
    }

    /// A free table for the party at that time, if there is one (the smallest that seats everyone).
    func freeTable(at restaurant: Restaurant, date: Date, partySize: Int, ignoring intent: String? = nil) -> Int? {
        let taken = bookings.filter {
            $0.restaurant == restaurant.identifier && $0.intentIdentifier != intent
                && abs($0.date.timeIntervalSince(date)) < Self.sitting
        }.map(\.partySize).sorted(by: >)
        var tables = restaurant.tables.sorted()
        for party in taken {  // each booking holds the smallest table that seats it
            if let index = tables.firstIndex(where: { $0 >= party }) { tables.remove(at: index) }
        }
        return tables.first { $0 >= partySize }
    }

    /// The bookable times of a day around a preferred time, free for the party.
    func availableTimes(at restaurant: Restaurant, partySize: Int, around preferred: Date, limit: Int, now: Date = Date())
        -> [Date] {
        let day = Self.calendar.startOfDay(for: preferred)
        let times = stride(from: restaurant.opens * 2, to: (restaurant.closes - 1) * 2, by: 1).compactMap { half in
            Self.calendar.date(byAdding: .minute, value: half * 30, to: day)
        }
        return times.filter { Self.isBookable($0, at: restaurant, now: now) && freeTable(at: restaurant, date: $0, partySize: partySize) != nil }
            .sorted { abs($0.timeIntervalSince(preferred)) < abs($1.timeIntervalSince(preferred)) }
            .prefix(limit).sorted()
    }

    static func inBooking(_ booking: Booking, guest: Guest) -> INRestaurantReservationUserBooking? {
        guard let restaurant = restaurant(booking.restaurant) else { return nil }
        let person = INRestaurantGuest(nameComponents: nil, phoneNumber: booking.phoneNumber, emailAddress: booking.emailAddress)
        let made = INRestaurantReservationUserBooking(restaurant: inRestaurant(restaurant), booking: booking.date,
                                                      partySize: booking.partySize, bookingIdentifier: booking.identifier,
                                                      guest: person, status: booking.confirmed ? .confirmed : .pending,
                                                      dateStatusModified: booking.bookedAt)
        made.guestProvidedSpecialRequestText = booking.specialRequest
        if let offer = restaurant.offers.first(where: { $0.identifier == booking.offer }) {
            let selected = INRestaurantOffer()
            selected.offerIdentifier = offer.identifier
            selected.offerTitleText = offer.title
            selected.offerDetailText = offer.detail
            made.selectedOffer = selected
        }
        made.bookingDescription = "\(booking.partySize) at \(restaurant.name)"
        made.advisementText = booking.confirmed ? "Your table is kept for 15 minutes."
            : "\(restaurant.name) confirms parties of \(manualFrom) or more by phone."
        return made
    }
}

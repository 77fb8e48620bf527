import Foundation
import Intents
import MonkeyAppSupport

/// The restaurants and their free tables, for a party around a preferred time.
final class AvailableBookingsHandler: NSObject, INGetAvailableRestaurantReservationBookingsIntentHandling {
    func resolveRestaurant(for intent: INGetAvailableRestaurantReservationBookingsIntent) async -> INRestaurantResolutionResult {
        guard let restaurant = DineBook.restaurant(for: intent.restaurant) else { return .unsupported() }
        return .success(with: DineBook.inRestaurant(restaurant))
    }

    func resolvePartySize(for intent: INGetAvailableRestaurantReservationBookingsIntent) async -> INIntegerResolutionResult {
        PartySize.resolve(intent.partySize, at: DineBook.restaurant(for: intent.restaurant))
    }

    func handle(getAvailableRestaurantReservationBookings intent: INGetAvailableRestaurantReservationBookingsIntent)
        async -> INGetAvailableRestaurantReservationBookingsIntentResponse {
        guard let restaurant = DineBook.restaurant(for: intent.restaurant), intent.partySize > 0 else {
            return .init(availableBookings: [], code: .failureRequestUnspecified, userActivity: nil)
        }
        let book: DineBook
        do { book = try DineBook.file.read() } catch {
            return .init(availableBookings: [], code: .failure, userActivity: nil)
        }
        let preferred = intent.preferredBookingDateComponents.flatMap { DineBook.calendar.date(from: $0) }
            ?? intent.earliestBookingDateForResults ?? Date().addingTimeInterval(3600)
        let limit = intent.maximumNumberOfResults?.intValue ?? 6
        let times = book.availableTimes(at: restaurant, partySize: intent.partySize, around: preferred, limit: max(1, limit))
            .filter { time in
                (intent.earliestBookingDateForResults.map { time >= $0 } ?? true)
                    && (intent.latestBookingDateForResults.map { time <= $0 } ?? true)
            }
        let bookings = times.map { time in
            let booking = INRestaurantReservationBooking(restaurant: DineBook.inRestaurant(restaurant), booking: time,
                                                         partySize: intent.partySize,
                                                         bookingIdentifier: "\(restaurant.identifier)@\(Int(time.timeIntervalSince1970))")
            booking.requiresName = true
            booking.requiresPhoneNumber = true
            booking.requiresManualRequest = intent.partySize >= DineBook.manualFrom
            booking.offers = restaurant.offers.map { offer in
                let made = INRestaurantOffer()
                made.offerIdentifier = offer.identifier
                made.offerTitleText = offer.title
                made.offerDetailText = offer.detail
                return made
            }
            return booking
        }
        let response = INGetAvailableRestaurantReservationBookingsIntentResponse(
            availableBookings: bookings, code: bookings.isEmpty ? .failureRequestUnsatisfiable : .success, userActivity: nil)
        response.localizedRestaurantDescriptionText = "\(restaurant.name), open \(restaurant.opens):00–\(restaurant.closes % 24):00"
        response.termsAndConditions = INTermsAndConditions(
            localizedTermsAndConditionsText: "Tables are kept for 15 minutes. Cancel in MonkeyDine.",
            privacyPolicyURL: nil, termsAndConditionsURL: nil)
        return response
    }
}

/// Books a table: the restaurant, a bookable time, a party that fits and a guest to call.
final class BookReservationHandler: NSObject, INBookRestaurantReservationIntentHandling {
    func resolveRestaurant(for intent: INBookRestaurantReservationIntent) async -> INRestaurantResolutionResult {
        guard let restaurant = DineBook.restaurant(for: intent.restaurant) else { return .unsupported() }
        return .success(with: DineBook.inRestaurant(restaurant))
    }

    func resolveBookingDateComponents(for intent: INBookRestaurantReservationIntent) async -> INDateComponentsResolutionResult {
        guard let restaurant = DineBook.restaurant(for: intent.restaurant),
              let date = DineBook.calendar.date(from: intent.bookingDateComponents) else { return .needsValue() }
        return DineBook.isBookable(date, at: restaurant) ? .success(with: intent.bookingDateComponents) : .unsupported()
    }

    func resolvePartySize(for intent: INBookRestaurantReservationIntent) async -> INIntegerResolutionResult {
        PartySize.resolve(intent.partySize, at: DineBook.restaurant(for: intent.restaurant))
    }

    func resolveGuest(for intent: INBookRestaurantReservationIntent) async -> INRestaurantGuestResolutionResult {
        guard let guest = intent.guest else {
            // A sensible default: the guest details the user keeps in MonkeyDine.
            guard let saved = try? DineBook.file.read().guest else { return .needsValue() }
            return .success(with: GuestDetails.person(saved))
        }
        return guest.phoneNumber == nil && guest.emailAddress == nil ? .needsValue() : .success(with: guest)
    }

    func confirm(bookRestaurantReservation intent: INBookRestaurantReservationIntent)
        async -> INBookRestaurantReservationIntentResponse {
        guard let restaurant = DineBook.restaurant(for: intent.restaurant),
              let date = DineBook.calendar.date(from: intent.bookingDateComponents),
              let book = try? DineBook.file.read() else { return .init(code: .failure, userActivity: nil) }
        let free = book.freeTable(at: restaurant, date: date, partySize: intent.partySize, ignoring: intent.identifier) != nil
        return .init(code: free ? .success : .denied, userActivity: nil)
    }

    func handle(bookRestaurantReservation intent: INBookRestaurantReservationIntent)
        async -> INBookRestaurantReservationIntentResponse {
        guard let restaurant = DineBook.restaurant(for: intent.restaurant),
              let date = DineBook.calendar.date(from: intent.bookingDateComponents),
              DineBook.isBookable(date, at: restaurant) || intent.identifier != nil else {
            return .init(code: .failure, userActivity: nil)
        }
        let key = intent.identifier ?? UUID().uuidString
        do {
            let result = try DineBook.file.update { book -> (DineBook.Booking, DineBook.Guest)? in
                // A repeated handle (same intent identifier) is answered from the record, never booked twice.
                if let existing = book.bookings.first(where: { $0.intentIdentifier == key }) { return (existing, book.guest) }
                guard book.freeTable(at: restaurant, date: date, partySize: intent.partySize) != nil else { return nil }
                let guest = intent.guest
                let booking = DineBook.Booking(
                    intentIdentifier: key, identifier: "MD-\(book.bookings.count + 1001)", restaurant: restaurant.identifier,
                    date: date, partySize: intent.partySize, guestName: guest?.displayName,
                    phoneNumber: guest?.phoneNumber ?? book.guest.phoneNumber,
                    emailAddress: guest?.emailAddress ?? book.guest.emailAddress,
                    specialRequest: intent.guestProvidedSpecialRequestText, offer: intent.selectedOffer?.offerIdentifier,
                    confirmed: intent.partySize < DineBook.manualFrom, bookedAt: Date())
                book.bookings.append(booking)
                return (booking, book.guest)
            }
            guard let (booking, guest) = result else { return .init(code: .denied, userActivity: nil) }
            let response = INBookRestaurantReservationIntentResponse(code: .success, userActivity: nil)
            response.userBooking = DineBook.inBooking(booking, guest: guest)
            return response
        } catch {
            return .init(code: .failure, userActivity: nil)
        }
    }
}

/// The user's bookings from now on.
final class CurrentBookingsHandler: NSObject, INGetUserCurrentRestaurantReservationBookingsIntentHandling {
    func handle(getUserCurrentRestaurantReservationBookings intent: INGetUserCurrentRestaurantReservationBookingsIntent)
        async -> INGetUserCurrentRestaurantReservationBookingsIntentResponse {
        guard let book = try? DineBook.file.read() else { return .init(userCurrentBookings: [], code: .failure, userActivity: nil) }
        let since = intent.earliestBookingDateForResults ?? Date().addingTimeInterval(-DineBook.sitting)
        let only = DineBook.restaurant(for: intent.restaurant)?.identifier
        let bookings = book.bookings
            .filter { $0.date >= since && (only == nil || $0.restaurant == only)
                && (intent.reservationIdentifier == nil || $0.identifier == intent.reservationIdentifier) }
            .sorted { $0.date < $1.date }
            .prefix(intent.maximumNumberOfResults?.intValue ?? 20)
            .compactMap { DineBook.inBooking($0, guest: book.guest) }
        return .init(userCurrentBookings: Array(bookings), code: .success, userActivity: nil)
    }
}

/// A restaurant's defaults: two people, the next half hour from an hour from now, its table limits.
final class BookingDefaultsHandler: NSObject, INGetAvailableRestaurantReservationBookingDefaultsIntentHandling {
    func handle(getAvailableRestaurantReservationBookingDefaults intent: INGetAvailableRestaurantReservationBookingDefaultsIntent)
        async -> INGetAvailableRestaurantReservationBookingDefaultsIntentResponse {
        let restaurant = DineBook.restaurant(for: intent.restaurant) ?? DineBook.restaurants[0]
        let soon = Date().addingTimeInterval(3600)
        let next = (try? DineBook.file.read())?.availableTimes(at: restaurant, partySize: 2, around: soon, limit: 1).first ?? soon
        let response = INGetAvailableRestaurantReservationBookingDefaultsIntentResponse(
            defaultPartySize: 2, defaultBooking: next, code: .success, userActivity: nil)
        response.minimumPartySize = 1
        response.maximumPartySize = NSNumber(value: restaurant.tables.max() ?? 2)
        return response
    }
}

/// The guest details the user keeps in MonkeyDine, to fill the booking form.
final class GuestHandler: NSObject, INGetRestaurantGuestIntentHandling {
    func handle(getRestaurantGuest intent: INGetRestaurantGuestIntent) async -> INGetRestaurantGuestIntentResponse {
        guard let book = try? DineBook.file.read() else { return .init(code: .failure, userActivity: nil) }
        let response = INGetRestaurantGuestIntentResponse(code: .success, userActivity: nil)
        response.guest = GuestDetails.person(book.guest)
        let preferences = INRestaurantGuestDisplayPreferences()
        preferences.nameFieldShouldBeDisplayed = true
        preferences.phoneNumberFieldShouldBeDisplayed = true
        preferences.emailAddressFieldShouldBeDisplayed = true
        preferences.nameEditable = true
        preferences.phoneNumberEditable = true
        preferences.emailAddressEditable = true
        preferences.nameFieldLastNameOptional = true
        response.guestDisplayPreferences = preferences
        return response
    }
}

enum PartySize {
    static func resolve(_ size: Int, at restaurant: DineBook.Restaurant?) -> INIntegerResolutionResult {
        guard size > 0 else { return .needsValue() }
        return size <= (restaurant?.tables.max() ?? 8) ? .success(with: size) : .unsupported()
    }
}

enum GuestDetails {
    static func person(_ guest: DineBook.Guest) -> INRestaurantGuest {
        var name = PersonNameComponents()
        name.givenName = guest.givenName
        name.familyName = guest.familyName
        return INRestaurantGuest(nameComponents: name, phoneNumber: guest.phoneNumber, emailAddress: guest.emailAddress)
    }
}

/// MonkeyDine's Intents extension: one handler per restaurant intent.
final class MonkeyDineExtension: INExtension, @unchecked Sendable {
    override func handler(for intent: INIntent) -> Any? {
        switch intent {
        case is INBookRestaurantReservationIntent: return BookReservationHandler()
        case is INGetAvailableRestaurantReservationBookingsIntent: return AvailableBookingsHandler()
        case is INGetUserCurrentRestaurantReservationBookingsIntent: return CurrentBookingsHandler()
        case is INGetAvailableRestaurantReservationBookingDefaultsIntent: return BookingDefaultsHandler()
        case is INGetRestaurantGuestIntent: return GuestHandler()
        default: return nil
        }
    }
}

import CoreLocation
import Foundation
import Intents
import MonkeyAppSupport

/// Books a MonkeyRide: pickup defaults to where you are, the destination is asked for, the ride
/// option defaults to Mini. Booking returns inProgress; the ride's status follows as it changes.
final class RequestRideHandler: NSObject, INRequestRideIntentHandling {
    func resolvePickupLocation(for intent: INRequestRideIntent) async -> INPlacemarkResolutionResult {
        // A sensible default: pick the user up where they are.
        .success(with: intent.pickupLocation.map { RideBook.placemark($0.name ?? RideBook.currentLocation) }
                    ?? RideBook.placemark(RideBook.currentLocation))
    }

    func resolveDropOffLocation(for intent: INRequestRideIntent) async -> INPlacemarkResolutionResult {
        guard let name = intent.dropOffLocation?.name, !name.isEmpty else { return .needsValue() }
        switch NameMatch.find(name, in: Array(RideBook.places.keys).sorted()) {
        case .exact(let place): return .success(with: RideBook.placemark(place))
        case .close(let place), .partial(let place): return .confirmationRequired(with: RideBook.placemark(place))
        default: return .success(with: RideBook.placemark(name))  // an address MonkeyRide's map finds
        }
    }

    func resolveRideOptionName(for intent: INRequestRideIntent) async -> INSpeakableStringResolutionResult {
        guard let spoken = intent.rideOptionName?.spokenPhrase, !spoken.isEmpty else {
            // A sensible default: the smallest car that seats everyone (else the biggest).
            let party = intent.partySize ?? 1
            let option = RideBook.options.sorted { $0.seats < $1.seats }.first { $0.seats >= party }
                ?? RideBook.options.max { $0.seats < $1.seats }
            return .success(with: Self.speakable(option?.name ?? "Mini"))
        }
        switch NameMatch.find(spoken, in: RideBook.options.map(\.name)) {
        case .exact(let name): return .success(with: Self.speakable(name))
        case .partial(let name), .close(let name): return .confirmationRequired(with: Self.speakable(name))
        default: return .disambiguation(with: RideBook.options.map { Self.speakable($0.name) })
        }
    }

    func resolvePartySize(for intent: INRequestRideIntent) async -> INIntegerResolutionResult {
        guard let size = intent.partySize else { return .success(with: 1) }
        let seats = intent.rideOptionName.flatMap { RideBook.option(named: $0.spokenPhrase) }?.seats
            ?? RideBook.options.map(\.seats).max() ?? 1
        return size >= 1 && size <= seats ? .success(with: size) : .unsupported()
    }

    /// The ride option's seats are checked at confirm; whether the user wants a later pickup is not
    /// something MonkeyRide offers, so a time is not needed.
    func resolveScheduledPickupTime(for intent: INRequestRideIntent) async -> INDateComponentsRangeResolutionResult {
        .notRequired()
    }

    func confirm(intent: INRequestRideIntent) async -> INRequestRideIntentResponse {
        guard let book = try? RideBook.file.read() else { return INRequestRideIntentResponse(code: .failure, userActivity: nil) }
        if book.activeRide != nil {
            return INRequestRideIntentResponse(code: .failureRequiringAppLaunchPreviousRideNeedsCompletion, userActivity: nil)
        }
        let ride = Self.ride(for: intent)
        guard let option = RideBook.option(named: ride.option), ride.partySize <= option.seats else {
            return INRequestRideIntentResponse(code: .failure, userActivity: nil)
        }
        let response = INRequestRideIntentResponse(code: .ready, userActivity: nil)
        response.rideStatus = RideBook.status(of: ride)
        return response
    }

    func handle(intent: INRequestRideIntent) async -> INRequestRideIntentResponse {
        let draft = Self.ride(for: intent)
        guard let ride = try? RideBook.file.update({ book -> RideBook.Ride in
            if let earlier = book.rides.first(where: { $0.identifier == draft.identifier }) { return earlier }
            book.rides.append(draft)
            return draft
        }) else { return INRequestRideIntentResponse(code: .failure, userActivity: nil) }
        // A driver is not assigned yet: the booking continues in the background.
        let response = INRequestRideIntentResponse(code: .inProgress, userActivity: nil)
        response.rideStatus = RideBook.status(of: ride)
        return response
    }

    static func ride(for intent: INRequestRideIntent) -> RideBook.Ride {
        RideBook.Ride(identifier: intent.identifier ?? UUID().uuidString,
                      option: intent.rideOptionName?.spokenPhrase ?? "Mini",
                      pickup: intent.pickupLocation?.name ?? RideBook.currentLocation,
                      dropOff: intent.dropOffLocation?.name ?? "", partySize: intent.partySize ?? 1, bookedAt: Date())
    }

    static func speakable(_ name: String) -> INSpeakableString {
        INSpeakableString(vocabularyIdentifier: name.lowercased().replacingOccurrences(of: " ", with: "-"),
                          spokenPhrase: name, pronunciationHint: nil)
    }
}

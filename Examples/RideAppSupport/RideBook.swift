import CoreLocation
import Foundation
import Intents
import MonkeyAppSupport

/// A ride app's data and rules: its ride options (by brand), the places it knows, and the rides booked.
struct RideBook: Codable, Sendable {
    struct Ride: Codable, Sendable {
        /// The booking intent's identifier, which is also the ride's.
        var identifier: String
        var option: String
        var pickup: String
        var dropOff: String
        var partySize: Int
        var bookedAt: Date
        var cancelled: Bool = false
    }

    struct Option: Sendable {
        var name: String
        var minutesAway: Int
        var lowPrice: Decimal
        var highPrice: Decimal
        var seats: Int
        var vehicle: String
        var plate: String
    }

    var rides: [Ride] = []

    static var identifier: String { RideBrand.current.identifier }
    static var file: AppDataFile<RideBook> { AppDataFile<RideBook>(appIdentifier: identifier) { RideBook() } }
    static var options: [Option] { RideBrand.current.options }
    static let places: [String: (Double, Double)] = [
        "Central Station": (52.525, 13.369), "Banana Beach": (52.45, 13.2), "Airport": (52.36, 13.5),
        "Home": (52.51, 13.41), "Work": (52.52, 13.4), "Jungle Gym": (52.49, 13.44),
    ]
    static let currentLocation = "Current Location"
    /// How long each phase of a ride lasts in this demo (seconds); `MONKEYRIDE_PHASE_SECONDS` changes it.
    static var phaseSeconds: Double {
        ProcessInfo.processInfo.environment["MONKEYRIDE_PHASE_SECONDS"].flatMap(Double.init) ?? 3
    }

    static func option(named name: String) -> Option? {
        options.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    static func placemark(_ name: String) -> CLPlacemark {
        let known = places.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }
        return CLPlacemark(location: known.map { CLLocation(latitude: $0.value.0, longitude: $0.value.1) },
                           name: known?.key ?? name, postalAddress: nil)
    }

    /// The ride in progress (booked, not cancelled, not completed), if any.
    var activeRide: Ride? {
        rides.last { !$0.cancelled && Self.phase(of: $0) != .completed }
    }

    /// Where a ride is now: a demo ride moves on one phase every `phaseSeconds`.
    static func phase(of ride: Ride, at now: Date = Date()) -> INRidePhase {
        let phases: [INRidePhase] = [.received, .confirmed, .approachingPickup, .pickup, .ongoing, .completed]
        let step = Int(now.timeIntervalSince(ride.bookedAt) / phaseSeconds)
        return phases[min(max(step, 0), phases.count - 1)]
    }

    static func rideOption(_ option: Option, from now: Date = Date()) -> INRideOption {
        let rideOption = INRideOption(name: option.name, estimatedPickupDate: now.addingTimeInterval(Double(option.minutesAway) * 60))
        rideOption.priceRange = INPriceRange(firstPrice: NSDecimalNumber(decimal: option.lowPrice),
                                             secondPrice: NSDecimalNumber(decimal: option.highPrice), currencyCode: "USD")
        return rideOption
    }

    static func status(of ride: Ride, at now: Date = Date()) -> INRideStatus {
        let status = INRideStatus()
        let option = option(named: ride.option) ?? options[0]
        status.rideIdentifier = ride.identifier
        status.phase = ride.cancelled ? .completed : phase(of: ride, at: now)
        if ride.cancelled { status.completionStatus = .canceledByUser() }
        status.rideOption = rideOption(option, from: ride.bookedAt)
        status.pickupLocation = placemark(ride.pickup)
        status.dropOffLocation = placemark(ride.dropOff)
        status.estimatedPickupDate = ride.bookedAt.addingTimeInterval(Double(option.minutesAway) * 60)
        if status.phase != .received {
            let vehicle = INRideVehicle()
            vehicle.manufacturer = option.vehicle
            vehicle.registrationPlate = option.plate
            status.vehicle = vehicle
            status.driver = INRideDriver(phoneNumber: RideBrand.current.driverPhone, nameComponents: nil,
                                         displayName: RideBrand.current.driverName,
                                         image: nil, rating: "4.9")
        }
        return status
    }
}

import CoreLocation
import Foundation
import Intents
import MonkeyAppSupport

/// Reports the current ride, and keeps reporting while the assistant listens.
final class GetRideStatusHandler: NSObject, INGetRideStatusIntentHandling, @unchecked Sendable {
    private let lock = NSLock()
    private var updating: [String: Task<Void, Never>] = [:]

    func handle(intent: INGetRideStatusIntent) async -> INGetRideStatusIntentResponse {
        guard let book = try? RideBook.file.read(), let ride = book.rides.last(where: { !$0.cancelled }) else {
            return INGetRideStatusIntentResponse(code: .failure, userActivity: nil)
        }
        let response = INGetRideStatusIntentResponse(code: .success, userActivity: nil)
        response.rideStatus = RideBook.status(of: ride)
        return response
    }

    func startSendingUpdates(for intent: INGetRideStatusIntent, to observer: any INGetRideStatusIntentResponseObserver) {
        let key = intent.identifier ?? ""
        let interval = RideBook.phaseSeconds / 3
        // The runtime's observer is safe to call from any thread.
        nonisolated(unsafe) let observer = observer
        let task = Task {
            while !Task.isCancelled {
                guard let book = try? RideBook.file.read(), let ride = book.rides.last else { return }
                let response = INGetRideStatusIntentResponse(code: .success, userActivity: nil)
                let status = RideBook.status(of: ride)
                response.rideStatus = status
                observer.didUpdate(getRideStatus: response)
                if status.phase == .completed { return }
                try? await Task.sleep(for: .seconds(interval))
            }
        }
        lock.withLock { updating[key] = task }
    }

    func stopSendingUpdates(for intent: INGetRideStatusIntent) {
        lock.withLock { updating.removeValue(forKey: intent.identifier ?? "")?.cancel() }
    }
}

/// Lists what MonkeyRide can send, with prices and how soon (also what a maps client shows).
final class ListRideOptionsHandler: NSObject, INListRideOptionsIntentHandling {
    func resolvePickupLocation(for intent: INListRideOptionsIntent) async -> INPlacemarkResolutionResult {
        .success(with: intent.pickupLocation ?? RideBook.placemark(RideBook.currentLocation))
    }

    func resolveDropOffLocation(for intent: INListRideOptionsIntent) async -> INPlacemarkResolutionResult {
        intent.dropOffLocation.map { .success(with: RideBook.placemark($0.name ?? "")) } ?? .notRequired()
    }

    func handle(intent: INListRideOptionsIntent) async -> INListRideOptionsIntentResponse {
        let response = INListRideOptionsIntentResponse(code: .success, userActivity: nil)
        response.rideOptions = RideBook.options.map { RideBook.rideOption($0) }
        response.expirationDate = Date().addingTimeInterval(300)
        return response
    }
}

/// Cancels the ride in progress; free until a driver is on the way.
final class CancelRideHandler: NSObject, INCancelRideIntentHandling {
    func confirm(cancelRide intent: INCancelRideIntent) async -> INCancelRideIntentResponse {
        guard let book = try? RideBook.file.read(), book.activeRide != nil else {
            return INCancelRideIntentResponse(code: .failure, userActivity: nil)
        }
        return INCancelRideIntentResponse(code: .ready, userActivity: nil)
    }

    func handle(cancelRide intent: INCancelRideIntent) async -> INCancelRideIntentResponse {
        let fee = try? RideBook.file.update { book -> Decimal? in
            guard let index = book.rides.lastIndex(where: { !$0.cancelled && RideBook.phase(of: $0) != .completed }) else {
                return nil
            }
            book.rides[index].cancelled = true
            return RideBook.phase(of: book.rides[index]) == .received ? 0 : 5
        }
        guard let fee = fee.flatMap({ $0 }) else { return INCancelRideIntentResponse(code: .failure, userActivity: nil) }
        let response = INCancelRideIntentResponse(code: .success, userActivity: nil)
        if fee > 0 { response.cancellationFee = INCurrencyAmount(amount: NSDecimalNumber(decimal: fee), currencyCode: "USD") }
        return response
    }
}

/// The ride app's Intents extension. The status handler is kept, so updates can be stopped.
final class RideExtension: INExtension, @unchecked Sendable {
    let status = GetRideStatusHandler()

    override func handler(for intent: INIntent) -> Any? {
        switch intent {
        case is INRequestRideIntent: return RequestRideHandler()
        case is INGetRideStatusIntent: return status
        case is INListRideOptionsIntent: return ListRideOptionsHandler()
        case is INCancelRideIntent: return CancelRideHandler()
        default: return nil
        }
    }
}

// MonkeyRide, a Parlance sample app: ride booking. `monkeyride intents` is its Intents extension; the
// other commands are the app itself.
import Foundation
import Intents
import MonkeyAppSupport

let file = RideBook.file

await AppMain.run(appName: "MonkeyRide", appIdentifier: RideBook.identifier, extension: { MonkeyRideExtension() },
                  viewController: { RideSnippet() }, commands: [
    .init("rides", "rides                  list booked rides and where they are") { _ in
        for ride in try file.read().rides {
            let phase = ride.cancelled ? "cancelled" : "\(RideBook.phase(of: ride))"
            print("\(ride.option) from \(ride.pickup) to \(ride.dropOff): \(phase)")
        }
    },
    .init("options", "options                list ride options") { _ in
        for option in RideBook.options {
            print("\(option.name): $\(option.lowPrice)–\(option.highPrice), \(option.minutesAway) min away, \(option.seats) seats")
        }
    },
    .init("open", "open                   open the app (the assistant hands over here)") { _ in
        let activity = AppMain.handedOverActivity()
        print("MonkeyRide opened for \(activity?["activityType"] as? String ?? "nothing in particular")")
    },
    .init("sync", "sync                   nothing to tell: ride options are app vocabulary") { _ in },
    .init("reset", "reset                  forget every ride") { _ in try file.reset() },
])

import Foundation
import Intents
import MonkeyAppSupport

/// A ride app's program: `NAME intents` is its Intents extension, `NAME ui` its UI extension; the other
/// commands are the app itself.
public enum RideApp {
    @MainActor
    public static func run() async -> Never {
        let brand = RideBrand.current
        let file = RideBook.file
        await AppMain.run(appName: brand.name, appIdentifier: brand.identifier, extension: { RideExtension() },
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
                print("\(brand.name) opened for \(activity?["activityType"] as? String ?? "nothing in particular")")
            },
            .init("sync", "sync                   nothing to tell: ride options are app vocabulary") { _ in },
            .init("reset", "reset                  forget every ride") { _ in try file.reset() },
        ])
    }
}

// MonkeyDine, a Parlance sample app: restaurant tables for the maps surface. `monkeydine intents` is
// its Intents extension; the other commands are the app itself.
import Foundation
import Intents
import MonkeyAppSupport

let file = DineBook.file

await AppMain.run(appName: "MonkeyDine", appIdentifier: DineBook.identifier, extension: { MonkeyDineExtension() },
                  viewController: { DineSnippet() }, commands: [
    .init("restaurants", "restaurants            list the restaurants, their hours and tables") { _ in
        for restaurant in DineBook.restaurants {
            print("\(restaurant.name) (\(restaurant.identifier)): \(restaurant.opens):00–\(restaurant.closes % 24):00, "
                  + "tables for \(restaurant.tables.map(String.init).joined(separator: ", "))")
        }
    },
    .init("bookings", "bookings               list the tables booked") { _ in
        for booking in try file.read().bookings {
            let name = DineBook.restaurant(booking.restaurant)?.name ?? booking.restaurant
            print("\(booking.identifier): \(booking.partySize) at \(name), \(booking.date) (\(booking.confirmed ? "confirmed" : "pending"))")
        }
    },
    .init("sync", "sync                   nothing to tell: MonkeyDine has no user vocabulary") { _ in },
    .init("reset", "reset                  forget every booking") { _ in try file.reset() },
])

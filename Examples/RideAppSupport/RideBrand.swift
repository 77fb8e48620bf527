import Foundation

/// Which ride app this program is: MonkeyRide and GorillaCab share their code and differ in name, identity,
/// ride options and driver. The program's name says which (`monkeyride`, `gorillacab`).
public struct RideBrand: Sendable {
    public let name: String
    public let identifier: String
    let options: [RideBook.Option]
    let driverName: String
    let driverPhone: String

    public static let monkeyRide = RideBrand(
        name: "MonkeyRide", identifier: "org.parlance.examples.monkeyride",
        options: [
            .init(name: "Mini", minutesAway: 3, lowPrice: 8, highPrice: 11, seats: 3, vehicle: "Banana Motors Peel", plate: "MNK 101"),
            .init(name: "XL", minutesAway: 6, lowPrice: 14, highPrice: 18, seats: 6, vehicle: "Banana Motors Bunch", plate: "MNK 202"),
            .init(name: "Banana Limo", minutesAway: 10, lowPrice: 40, highPrice: 45, seats: 4, vehicle: "Golden Split", plate: "TOP 1"),
        ],
        driverName: "Kiki", driverPhone: "+1 555 0199")

    public static let gorillaCab = RideBrand(
        name: "GorillaCab", identifier: "org.parlance.examples.gorillacab",
        options: [
            .init(name: "Silverback", minutesAway: 4, lowPrice: 9, highPrice: 12, seats: 4, vehicle: "Kong Cruiser", plate: "GRL 404"),
            .init(name: "Troop Van", minutesAway: 9, lowPrice: 16, highPrice: 21, seats: 8, vehicle: "Kong Hauler", plate: "GRL 808"),
        ],
        driverName: "Koko", driverPhone: "+1 555 0177")

    /// The brand of the running program, by its name.
    public static let current: RideBrand = {
        let program = (CommandLine.arguments.first as NSString?)?.lastPathComponent ?? ""
        return program == "gorillacab" ? .gorillaCab : .monkeyRide
    }()
}

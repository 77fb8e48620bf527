/// A value the person said that the assistant does not pass on to an app, because it is no value of its
/// kind: an amount of zero or less, one too large to be real, a number that cannot be read ("1e309").
/// The assistant says why and asks again; an app still decides its own limits on the values it gets.
public struct RefusedValue: Sendable, Codable, Equatable {
    /// Why the value was refused.
    public enum Reason: String, Sendable, Codable {
        /// Zero or less ("-5 dollars", "0 euros").
        case notPositive
        /// Larger than any real amount or goal (more than `RefusedValue.largestAmount`).
        case tooLarge
        /// Digits that are no number ("1e309": more than any number can be).
        case unreadable
    }

    /// The largest amount of money passed on, in the currency's unit: a trillion.
    public static let largestAmount = 1e12
    /// The largest workout goal passed on, in its unit.
    public static let largestGoal = 1e6

    /// The property it was said for ("currencyAmount", "goalValue").
    public var property: String
    /// The words as the person said them ("-5 dollars").
    public var said: String
    /// Why it was refused.
    public var reason: Reason

    public init(property: String, said: String, reason: Reason) {
        self.property = property
        self.said = said
        self.reason = reason
    }

    /// Why a number said for a property is no value of it; nil when it is one.
    public static func reason(for value: Double, property: String) -> Reason? {
        guard value.isFinite else { return .unreadable }
        if value <= 0 { return .notPositive }
        let largest = property == ParameterName.goalValue.rawValue ? largestGoal : largestAmount
        return value > largest ? .tooLarge : nil
    }
}

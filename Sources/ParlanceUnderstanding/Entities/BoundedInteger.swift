extension Double {
    /// The number as an `Int`, truncated like `Int(_:)`, but clamped to ±1,000,000,000 (and 0 for NaN)
    /// first: a number read from a request can be any size ("99999999999999999999 days ago"), and
    /// `Int(_:)` stops the program on one past `Int.max`.
    var boundedInt: Int {
        guard isFinite else { return isNaN ? 0 : (self > 0 ? 1_000_000_000 : -1_000_000_000) }
        return Int(Swift.max(-1_000_000_000, Swift.min(1_000_000_000, self)))
    }
}

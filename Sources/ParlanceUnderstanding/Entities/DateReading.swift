
/// Reads dates and times in one language ("last week", "tomorrow at 8am"). Date expressions differ
/// too much between languages for tables alone, so each language brings a small reader of its own.
protocol DateReading: Sendable {
    /// The date or time span starting at `start`, and how many tokens it covers.
    func read(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)?
}


/// A small deterministic random generator (SplitMix64), so that training gives the same model every run.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func nextRaw() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound.
    mutating func next(_ bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        return Int(nextRaw() % UInt64(bound))
    }

    /// Shuffles in place (Fisher–Yates).
    mutating func shuffle<T>(_ array: inout [T]) {
        for position in stride(from: array.count - 1, to: 0, by: -1) {
            array.swapAt(position, next(position + 1))
        }
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double(nextRaw() % 10_000) / 10_000 < probability
    }
}

/// Changes the sample rate of a stream as it comes, chunk by chunk, the way `WaveAudio.resampled(to:)` does a
/// whole recording (linear interpolation between neighbouring samples), with no seam between chunks.
struct StreamResampler: Sendable {
    /// Input samples per output sample.
    private let step: Double
    /// Input samples still needed: the one before the next output's position, and those after it.
    private var pending: [Double] = []
    /// Where the next output sample falls, in `pending`'s indices.
    private var position = 0.0

    init(from inputRate: Int, to outputRate: Int) {
        step = Double(max(inputRate, 1)) / Double(max(outputRate, 1))
    }

    /// The output samples the input so far makes.
    mutating func resample(_ input: [Int16]) -> [Int16] {
        guard step != 1 else { return input }
        pending += input.map(Double.init)
        var output: [Int16] = []
        output.reserveCapacity(Int(Double(input.count) / step) + 1)
        while Int(position) + 1 < pending.count {
            let low = Int(position)
            let fraction = position - Double(low)
            let value = pending[low] * (1 - fraction) + pending[low + 1] * fraction
            output.append(Int16(max(-32768, min(32767, value.rounded()))))
            position += step
        }
        let consumed = min(Int(position), pending.count)
        pending.removeFirst(consumed)
        position -= Double(consumed)
        return output
    }
}

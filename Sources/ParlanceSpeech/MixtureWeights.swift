import Foundation

/// An acoustic model's mixture weights: for every senone and feature stream, how much each of its codebook's
/// Gaussians counts. Pocketsphinx's packaged models keep them quantised in `sendump`; SphinxTrain's tools
/// (adaptation) read them as a Sphinx-3 `mixture_weights` file. This reads the one and writes the other.
public struct MixtureWeights: Sendable, Equatable {
    /// Senones (tied HMM states).
    public let senones: Int
    /// Feature streams (three for `1s_c_d_dd` split by `-svspec`).
    public let streams: Int
    /// Gaussians per codebook.
    public let densities: Int
    /// Weights, senone-major, then stream, then density; each senone's weights in a stream sum to 1.
    public let weights: [Float]

    /// Weights as they are (`weights.count` is `senones × streams × densities`).
    public init(senones: Int, streams: Int, densities: Int, weights: [Float]) {
        self.senones = senones
        self.streams = streams
        self.densities = densities
        self.weights = weights
    }

    /// Reads pocketsphinx's `sendump`: a header of length-prefixed strings, then for every stream and density
    /// one byte per senone, a negative log weight (base 1.0001) shifted right by `mixw_shift`.
    public init(sendump data: Data) throws(SpeechError) {
        let bytes = [UInt8](data)
        var offset = 0
        func refuse(_ why: String) -> SpeechError {
            SpeechError(.engineFailed, "the acoustic model's sendump cannot be read: \(why)")
        }
        func word() throws(SpeechError) -> Int {
            guard offset + 4 <= bytes.count else { throw refuse("it ends early") }
            defer { offset += 4 }
            return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
        }
        var header: [String: Int] = [:]
        // The first string is the format's description; the header ends at a zero length.
        while true {
            let length = try word()
            guard length > 0 else { break }
            guard length <= 65_536, offset + length <= bytes.count else { throw refuse("a header string is cut short") }
            let text = String(decoding: bytes[offset..<offset + length - 1], as: UTF8.self)
            offset += length
            let parts = text.split(separator: " ")
            if parts.count == 2, let value = Int(parts[1]) { header[String(parts[0])] = value }
        }
        guard (header["cluster_count"] ?? 0) == 0 else { throw refuse("clustered weights are not supported") }
        let streams = header["feature_count"] ?? 0
        let shift = header["mixw_shift"] ?? 10
        let densities = try word()
        let senones = try word()
        guard (1...16).contains(streams), (1...4096).contains(densities), (1...1_000_000).contains(senones),
              (0...20).contains(shift), offset + streams * densities * senones <= bytes.count else {
            throw refuse("its sizes do not fit the file")
        }
        var weights = [Float](repeating: 0, count: senones * streams * densities)
        for stream in 0..<streams {
            for density in 0..<densities {
                for senone in 0..<senones {
                    let logWeight = Double(Int(bytes[offset + senone]) << shift)
                    weights[(senone * streams + stream) * densities + density] = Float(pow(1.0001, -logWeight))
                }
                offset += senones
            }
        }
        // Quantisation leaves each row a little off one.
        for row in 0..<senones * streams {
            let range = row * densities..<(row + 1) * densities
            let total = weights[range].reduce(0, +)
            guard total > 0 else { continue }
            for index in range { weights[index] /= total }
        }
        self.init(senones: senones, streams: streams, densities: densities, weights: weights)
    }

    /// The Sphinx-3 binary form (`mixture_weights`): a text header, a byte-order mark, the three sizes, the
    /// count and the weights as little-endian 32-bit floats.
    public var sphinxFile: Data {
        var data = Data("s3\nversion 1.0\n".utf8)
        // The numbers start on a four-byte boundary.
        let unaligned = (data.count + "endhdr\n".utf8.count) % 4
        data.append(contentsOf: Array(repeating: UInt8(ascii: " "), count: unaligned == 0 ? 0 : 4 - unaligned))
        data.append(contentsOf: Array("endhdr\n".utf8))
        func put(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        put(0x1122_3344)
        for size in [senones, streams, densities, weights.count] { put(UInt32(size)) }
        data.reserveCapacity(data.count + weights.count * 4)
        for weight in weights { put(weight.bitPattern) }
        return data
    }
}

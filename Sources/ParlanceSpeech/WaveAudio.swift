import Foundation

/// Mono 16-bit PCM audio, read from and written as RIFF/WAVE. Stereo and 8-, 24- or 32-bit integer or
/// 32-bit float input is mixed down to this form on reading.
public struct WaveAudio: Sendable, Equatable {
    /// Samples per second.
    public var sampleRate: Int
    /// The samples, one channel.
    public var samples: [Int16]

    public init(sampleRate: Int, samples: [Int16]) {
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// How long the audio lasts.
    public var duration: Duration { .milliseconds(samples.count * 1000 / max(sampleRate, 1)) }

    /// Reads a WAV file of at most `maximumBytes` (default 64 MB: six minutes of 48 kHz stereo).
    public init(contentsOf url: URL, maximumBytes: Int = 64 << 20) throws(SpeechError) {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int ?? 0
        guard size <= maximumBytes else {
            throw SpeechError(.unreadableAudio, "\(url.path) is over \(maximumBytes >> 20) MB; a request is one utterance")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SpeechError(.unreadableAudio, "cannot read \(url.path): \(error.localizedDescription)")
        }
        try self.init(wav: data)
    }

    /// Reads WAV bytes.
    public init(wav data: Data) throws(SpeechError) {
        let bytes = [UInt8](data)
        func text(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        guard bytes.count >= 12, text(0) == "RIFF", text(8) == "WAVE" else {
            throw SpeechError(.unreadableAudio, "not a WAV file (no RIFF/WAVE header)")
        }
        var format: (code: Int, channels: Int, rate: Int, bits: Int)?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = text(offset)
            // A size past the end (streams written before their length was known) means "to the end".
            let size = min(u32(offset + 4), bytes.count - offset - 8)
            let body = offset + 8
            if id == "fmt ", size >= 16 {
                var code = u16(body)
                if code == 0xFFFE, size >= 26 { code = u16(body + 24) }  // WAVE_FORMAT_EXTENSIBLE: the sub-format
                format = (code, u16(body + 2), u32(body + 4), u16(body + 14))
            } else if id == "data" {
                guard let format else { throw SpeechError(.unreadableAudio, "WAV data before its format chunk") }
                self = try Self.decode(Array(bytes[body..<body + size]), format: format)
                return
            }
            offset = body + size + (size & 1)
        }
        throw SpeechError(.unreadableAudio, "WAV file without a data chunk")
    }

    /// Reads raw little-endian PCM (what Wyoming's audio chunks carry): `width` bytes per sample (1–4),
    /// `channels` interleaved.
    public init(pcm data: Data, sampleRate: Int, width: Int, channels: Int) throws(SpeechError) {
        guard (1...4).contains(width) else {
            throw SpeechError(.unreadableAudio, "PCM with \(width) bytes per sample is not supported (1–4)")
        }
        self = try Self.decode([UInt8](data), format: (1, channels, sampleRate, width * 8))
    }

    /// The samples as 16-bit little-endian PCM, without a header.
    public var pcm: Data {
        var data = Data(capacity: samples.count * 2)
        samples.withUnsafeBufferPointer { buffer in
            for sample in buffer { withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) } }
        }
        return data
    }

    private static func decode(_ bytes: [UInt8], format: (code: Int, channels: Int, rate: Int, bits: Int))
        throws(SpeechError) -> WaveAudio {
        let channels = format.channels
        guard channels >= 1, channels <= 8, format.rate >= 1000, format.rate <= 384_000 else {
            throw SpeechError(.unreadableAudio, "WAV with \(channels) channels at \(format.rate) Hz is not supported")
        }
        let width: Int
        switch (format.code, format.bits) {
        case (1, 8): width = 1
        case (1, 16): width = 2
        case (1, 24): width = 3
        case (1, 32), (3, 32): width = 4
        default:
            throw SpeechError(.unreadableAudio, "WAV encoding \(format.code) with \(format.bits) bits is not supported; "
                              + "use PCM (8, 16, 24 or 32 bits) or 32-bit float")
        }
        let frames = bytes.count / (width * channels)
        var samples = [Int16](repeating: 0, count: frames)
        bytes.withUnsafeBufferPointer { raw in
            if width == 2 {
                // 16-bit: the samples as they are (averaged over channels), not through a scale and back.
                for frame in 0..<frames {
                    var sum = 0
                    for channel in 0..<channels {
                        let at = (frame * channels + channel) * 2
                        sum += Int(Int16(bitPattern: UInt16(raw[at]) | UInt16(raw[at + 1]) << 8))
                    }
                    samples[frame] = Int16(sum / channels)
                }
                return
            }
            for frame in 0..<frames {
                var sum = 0.0
                for channel in 0..<channels {
                    let at = (frame * channels + channel) * width
                    sum += sampleValue(raw, at: at, width: width, float: format.code == 3)
                }
                let mixed = max(-1, min(1, sum / Double(channels)))
                samples[frame] = Int16(mixed * 32767)
            }
        }
        return WaveAudio(sampleRate: format.rate, samples: samples)
    }

    /// One sample scaled to -1…1.
    private static func sampleValue(_ raw: UnsafeBufferPointer<UInt8>, at: Int, width: Int, float: Bool) -> Double {
        switch width {
        case 1:
            return (Double(raw[at]) - 128) / 128
        case 2:
            return Double(Int16(bitPattern: UInt16(raw[at]) | UInt16(raw[at + 1]) << 8)) / 32768
        case 3:
            let value = Int32(bitPattern: UInt32(raw[at]) << 8 | UInt32(raw[at + 1]) << 16 | UInt32(raw[at + 2]) << 24) >> 8
            return Double(value) / 8_388_608
        default:
            let bits = UInt32(raw[at]) | UInt32(raw[at + 1]) << 8 | UInt32(raw[at + 2]) << 16 | UInt32(raw[at + 3]) << 24
            if float { return Double(Float(bitPattern: bits)) }
            return Double(Int32(bitPattern: bits)) / 2_147_483_648
        }
    }

    /// The audio as a 16-bit mono WAV file.
    public var wav: Data {
        var data = Data()
        func put(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
        func put32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        func put16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        put("RIFF"); put32(36 + samples.count * 2); put("WAVE")
        put("fmt "); put32(16); put16(1); put16(1); put32(sampleRate); put32(sampleRate * 2); put16(2); put16(16)
        put("data"); put32(samples.count * 2)
        data.append(pcm)
        return data
    }

    /// The audio at another sample rate, by linear interpolation (which also damps what lies near the
    /// input's Nyquist frequency; measured with espeak-ng's voices through pocketsphinx, it recognised more
    /// than a sharp windowed-sinc filter did).
    public func resampled(to rate: Int) -> WaveAudio {
        guard rate != sampleRate, rate > 0, !samples.isEmpty else { return WaveAudio(sampleRate: rate, samples: samples) }
        let source = samples.map(Double.init)
        let step = Double(sampleRate) / Double(rate)
        let count = Int(Double(samples.count) / step)
        var output = [Int16](repeating: 0, count: count)
        for index in 0..<count {
            let position = Double(index) * step
            let low = min(Int(position), source.count - 1)
            let high = min(low + 1, source.count - 1)
            let fraction = position - Double(low)
            let value = source[low] * (1 - fraction) + source[high] * fraction
            output[index] = Int16(max(-32768, min(32767, value.rounded())))
        }
        return WaveAudio(sampleRate: rate, samples: output)
    }
}

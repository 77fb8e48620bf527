/// An extension's stderr cut into lines for its app's activity log, within limits: a line is kept to
/// `lineBytes` (the rest is counted, not kept), and no more than `bytesPerMinute` and `bytesPerRun` are
/// recorded; what goes over is dropped and told in one "…N bytes of stderr dropped" line when recording
/// resumes or the run ends. Control characters come out visible (`VisibleText`), so a stored line can
/// neither drive a terminal nor pretend to be two. Never holds more than one line's `lineBytes` in memory.
///
/// A pure value: the extension's process feeds it what it reads, with the time it read it.
struct StderrBudget: Sendable {
    /// How much of an extension's stderr is recorded.
    struct Limits: Sendable, Equatable {
        /// The most of one line that is kept.
        var lineBytes = 1_024
        /// The most recorded in one minute (line feeds included).
        var bytesPerMinute = 16 * 1_024
        /// The most recorded while one process runs.
        var bytesPerRun = 128 * 1_024

        /// The host's limits.
        static let standard = Limits()
    }

    let limits: Limits
    /// The current line's first bytes (at most `lineBytes`) and how long it is so far.
    private var kept: [UInt8] = []
    private var length = 0
    private var windowStart: ContinuousClock.Instant?
    private var windowBytes = 0
    private var runBytes = 0
    private var dropped = 0

    init(limits: Limits = .standard) {
        self.limits = limits
    }

    /// Takes bytes read from stderr at `now`; returns the lines to record, in order.
    mutating func feed(_ bytes: ArraySlice<UInt8>, now: ContinuousClock.Instant) -> [String] {
        var lines: [String] = []
        var rest = bytes
        while !rest.isEmpty {
            let end = rest.firstIndex(of: 0x0A)
            let piece = rest[..<(end ?? rest.endIndex)]
            let room = max(0, limits.lineBytes - kept.count)
            kept.append(contentsOf: piece.prefix(room))
            length += piece.count
            guard let end else { break }
            lines += endLine(now: now)
            rest = rest[(end + 1)...]
        }
        return lines
    }

    /// The run ended: its last unfinished line, and what was dropped and not yet told.
    mutating func finish(now: ContinuousClock.Instant) -> [String] {
        var lines = length > 0 ? endLine(now: now) : []
        if dropped > 0 { lines.append(droppedNote()) }
        dropped = 0
        return lines
    }

    private mutating func endLine(now: ContinuousClock.Instant) -> [String] {
        defer {
            kept.removeAll(keepingCapacity: true)
            length = 0
        }
        if kept.last == 0x0D, length == kept.count {
            kept.removeLast()
            length -= 1
        }
        guard length > 0 else { return [] }
        if let start = windowStart, now - start < .seconds(60) {} else {
            windowStart = now
            windowBytes = 0
        }
        let cost = kept.count + 1
        guard windowBytes + cost <= limits.bytesPerMinute, runBytes + cost <= limits.bytesPerRun else {
            dropped += length + 1
            return []
        }
        windowBytes += cost
        runBytes += cost
        var text = VisibleText.of(String(decoding: kept, as: UTF8.self))
        if length > kept.count { text += "… (\(length - kept.count) more bytes dropped)" }
        guard dropped > 0 else { return [text] }
        defer { dropped = 0 }
        return [droppedNote(), text]
    }

    private func droppedNote() -> String {
        "…\(dropped) bytes of stderr dropped (Parlance records at most \(limits.lineBytes) bytes a line, "
            + "\(limits.bytesPerMinute) a minute and \(limits.bytesPerRun) a run)"
    }
}

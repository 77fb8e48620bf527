import Synchronization

/// A slot tagger as the model holds it: trained in this process, or read from the model cache and
/// decoded on first use, so a process decodes only the taggers of the intents it is asked for.
final class StoredTagger: Sendable {
    private let trained: SlotTagger?
    /// Where the cache's form of the tagger is: a part of an open model file.
    private let file: ModelFile?
    private let range: Range<Int>
    private let decoded = Mutex<SlotTagger?>(nil)

    init(_ tagger: SlotTagger) {
        trained = tagger
        file = nil
        range = 0..<0
    }

    /// A tagger in the cache's form, as `bytes` gives it, at `range` of an open model file.
    init(file: ModelFile, range: Range<Int>) {
        trained = nil
        self.file = file
        self.range = range
    }

    /// The cache's form of the tagger; empty when its file can no longer be read.
    var bytes: [UInt8] {
        guard let trained else { return file?.read(range.count, at: range.lowerBound) ?? [] }
        var writer = ModelWriter()
        trained.write(to: &writer)
        return writer.bytes
    }

    /// The tagger; nil when its bytes do not read back (the cache file's checksum makes that a defect).
    var tagger: SlotTagger? {
        if let trained { return trained }
        return decoded.withLock { tagger in
            if let tagger { return tagger }
            var reader = ModelReader(bytes)
            guard let read = try? SlotTagger(from: &reader), reader.isAtEnd else { return nil }
            tagger = read
            return read
        }
    }
}

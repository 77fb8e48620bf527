import Synchronization

/// A slot tagger as the model holds it: trained in this process, or read from the model cache and
/// decoded on first use, so a process decodes only the taggers of the intents it is asked for.
final class StoredTagger: Sendable {
    private let trained: SlotTagger?
    private let encoded: [UInt8]
    private let decoded = Mutex<SlotTagger?>(nil)

    init(_ tagger: SlotTagger) {
        trained = tagger
        encoded = []
    }

    /// A tagger in the cache's form, as `bytes` gives it.
    init(encoded: [UInt8]) {
        trained = nil
        self.encoded = encoded
    }

    /// The cache's form of the tagger.
    var bytes: [UInt8] {
        guard let trained else { return encoded }
        var writer = ModelWriter()
        trained.write(to: &writer)
        return writer.bytes
    }

    /// The tagger; nil when its bytes do not read back (the cache file's checksum makes that a defect).
    var tagger: SlotTagger? {
        if let trained { return trained }
        return decoded.withLock { tagger in
            if let tagger { return tagger }
            var reader = ModelReader(encoded)
            guard let read = try? SlotTagger(from: &reader), reader.isAtEnd else { return nil }
            tagger = read
            return read
        }
    }
}

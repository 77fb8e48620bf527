@testable import ParlanceUnderstanding
import Testing

/// The slot tagger keeps its "previous label and word" features by word (`PairFeatureRows`), but the
/// model cache names them as before: a tagger read back tags as the trained one, and what it writes
/// again is the same bytes.
@Suite struct SlotTaggerCacheTests {
    static let labels = ["O", "B-recipient", "I-recipient", "B-content", "I-content"]

    static func sequence(_ words: [String], _ labels: [Int]) -> (features: [[String]], keys: [String], labels: [Int]) {
        let features = words.indices.map { index in
            ["w:" + words[index], "w-1:" + (index > 0 ? words[index - 1] : "<s>"), "bias"]
        }
        return (features, words, labels)
    }

    static let training = [
        sequence(["tell", "bobo", "more", "bananas"], [0, 1, 3, 4]),
        sequence(["tell", "kiki", "the", "big", "news"], [0, 1, 3, 4, 4]),
        sequence(["message", "bobo", "the", "great", "hello"], [0, 1, 2, 2, 3]),
        sequence(["send", "hello", "to", "kiki"], [0, 3, 0, 1]),
        sequence(["send", "see", "you", "to", "bobo"], [0, 3, 4, 0, 1]),
    ]

    @Test func aTaggerReadBackTagsAsTrainedAndWritesTheSameBytes() throws {
        let trained = SlotTagger.train(Self.training, labels: Self.labels, epochs: 8, seed: 7)
        var writer = ModelWriter()
        trained.write(to: &writer)
        var reader = ModelReader(writer.bytes)
        let read = try SlotTagger(from: &reader)
        #expect(reader.isAtEnd)
        for sample in Self.training + [Self.sequence(["tell", "momo", "soon"], [0, 0, 0])] {
            #expect(read.tag(sample.features, keys: sample.keys) == trained.tag(sample.features, keys: sample.keys))
        }
        #expect(trained.tag(Self.training[0].features, keys: Self.training[0].keys) == Self.training[0].labels)
        var again = ModelWriter()
        read.write(to: &again)
        var rereader = ModelReader(again.bytes)
        let reread = try SlotTagger(from: &rereader)
        for sample in Self.training {
            #expect(reread.tag(sample.features, keys: sample.keys) == trained.tag(sample.features, keys: sample.keys))
        }
        #expect(again.bytes.count == writer.bytes.count)
    }

    @Test func pairFeaturesSplitFromTheOthersByName() {
        let index = ["pw:O|bobo": 0, "pw:B-recipient|more": 1, "w:bobo": 2, "p:O": 3, "pw:unknown|x": 4, "pw:O|a|b": 5]
        let (others, pairs) = PairFeatureRows.split(index, labels: Self.labels)
        #expect(others == ["w:bobo": 2, "p:O": 3, "pw:unknown|x": 4], "a label the tagger lacks is no pair feature")
        #expect(pairs.row(previous: 0, key: "bobo") == 0)
        #expect(pairs.row(previous: 1, key: "more") == 1)
        #expect(pairs.row(previous: 0, key: "a|b") == 5, "the word is everything after the label's bar")
        #expect(pairs.row(previous: 1, key: "bobo") == nil)
        #expect(Set(pairs.features(labels: Self.labels).map(\.name)) == ["pw:O|bobo", "pw:B-recipient|more", "pw:O|a|b"])
    }
}

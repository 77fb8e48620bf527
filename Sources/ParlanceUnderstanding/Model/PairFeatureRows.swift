/// The slot tagger's rows for "the previous label was L and this is the word K": found by the word once per
/// position and by the label in an array, instead of by a string made and hashed for every pair of label
/// and position while decoding (a twentieth of a conversation turn, and most of training's decoding).
/// In the model cache they stay features named `pw:<label>|<word>`, as before.
struct PairFeatureRows: Sendable {
    /// Per word, the row for each previous label (-1: none).
    private var byKey: [String: [Int32]] = [:]
    private let width: Int

    init(width: Int) {
        self.width = width
    }

    /// The name of the feature in the model cache.
    static func featureName(previous: String, key: String) -> String { "pw:" + previous + "|" + key }

    /// Separates the pair features from the others in a cache's feature index.
    static func split(_ index: [String: Int], labels: [String]) -> (others: [String: Int], pairs: PairFeatureRows) {
        let labelNumbers = Dictionary(labels.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var pairs = PairFeatureRows(width: labels.count)
        var others: [String: Int] = [:]
        others.reserveCapacity(index.count)
        for (feature, row) in index {
            if feature.hasPrefix("pw:"), let bar = feature.firstIndex(of: "|"),
               let previous = labelNumbers[String(feature[feature.index(feature.startIndex, offsetBy: 3)..<bar])],
               row <= Int(Int32.max) {
                pairs.set(row, previous: previous, key: String(feature[feature.index(after: bar)...]))
            } else {
                others[feature] = row
            }
        }
        return (others, pairs)
    }

    /// The rows of `key`'s pair features, by previous label; nil when the word has none.
    func rows(for key: String) -> [Int32]? { byKey[key] }

    /// The row of the pair feature for `previous` and `key`, if there is one.
    func row(previous: Int, key: String) -> Int? {
        guard let row = byKey[key]?[previous], row >= 0 else { return nil }
        return Int(row)
    }

    mutating func set(_ row: Int, previous: Int, key: String) {
        byKey[key, default: [Int32](repeating: -1, count: width)][previous] = Int32(row)
    }

    /// Every pair feature by its cache name, with its row.
    func features(labels: [String]) -> [(name: String, row: Int)] {
        byKey.flatMap { key, rows in
            rows.enumerated().compactMap { previous, row in
                row < 0 ? nil : (Self.featureName(previous: labels[previous], key: key), Int(row))
            }
        }
    }
}

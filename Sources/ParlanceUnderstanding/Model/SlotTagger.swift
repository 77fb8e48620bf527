
/// Labels each segment of a request with the intent property it belongs to (B- starts a value,
/// I- continues it, O is none): an averaged perceptron decoded left to right, one per intent.
struct SlotTagger: Sendable {
    /// "O", then "B-property" and "I-property" for each property.
    let labels: [String]
    private let featureIndex: [String: Int]
    private let weights: [Float]

    /// The labels for a sequence whose fixed features are given per position.
    func tag(_ features: [[String]], keys: [String]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(features.count)
        var previous = 0
        var scores = [Float](repeating: 0, count: labels.count)
        for (position, fixed) in features.enumerated() {
            score(fixed, dynamic: Self.dynamicFeatures(previous: labels[previous], key: keys[position]), into: &scores)
            var best = 0
            for label in 1..<labels.count where scores[label] > scores[best] && allowed(label, after: previous) {
                best = label
            }
            result.append(best)
            previous = best
        }
        return result
    }

    /// I-x may only follow B-x or I-x.
    private func allowed(_ label: Int, after previous: Int) -> Bool {
        let name = labels[label]
        guard name.hasPrefix("I-") else { return true }
        let property = name.dropFirst(2)
        return labels[previous].dropFirst(2) == property && previous != 0
    }

    private func score(_ fixed: [String], dynamic: [String], into scores: inout [Float]) {
        let width = labels.count
        for label in 0..<width { scores[label] = 0 }
        for feature in fixed + dynamic {
            guard let row = featureIndex[feature] else { continue }
            let base = row * width
            for label in 0..<width { scores[label] += weights[base + label] }
        }
    }

    static func dynamicFeatures(previous: String, key: String) -> [String] {
        ["p:" + previous, "pw:" + previous + "|" + key]
    }

    /// Trains on sequences of (fixed features per position, keys, gold labels).
    static func train(_ sequences: [(features: [[String]], keys: [String], labels: [Int])], labels: [String],
                      epochs: Int, seed: UInt64) -> SlotTagger {
        var index: [String: Int] = [:]
        func row(_ feature: String) -> Int {
            if let row = index[feature] { return row }
            let next = index.count
            index[feature] = next
            return next
        }
        // Intern every fixed and dynamic feature first, so the weight arrays have their final size.
        for sequence in sequences {
            for (position, fixed) in sequence.features.enumerated() {
                for feature in fixed { _ = row(feature) }
                let previous = position == 0 ? "O" : labels[sequence.labels[position - 1]]
                for feature in dynamicFeatures(previous: previous, key: sequence.keys[position]) { _ = row(feature) }
            }
        }
        let width = labels.count
        var weights = [Float](repeating: 0, count: index.count * width)
        var totals = [Float](repeating: 0, count: index.count * width)
        var step: Float = 1
        var order = Array(sequences.indices)
        var random = SeededRandom(seed: seed)
        var scores = [Float](repeating: 0, count: width)
        for _ in 0..<epochs {
            random.shuffle(&order)
            for sequenceIndex in order {
                let sequence = sequences[sequenceIndex]
                var previous = 0
                for (position, fixed) in sequence.features.enumerated() {
                    let rows = (fixed + dynamicFeatures(previous: labels[previous], key: sequence.keys[position]))
                        .compactMap { index[$0] }
                    for label in 0..<width { scores[label] = 0 }
                    for row in rows {
                        let base = row * width
                        for label in 0..<width { scores[label] += weights[base + label] }
                    }
                    var guess = 0
                    for label in 1..<width where scores[label] > scores[guess] { guess = label }
                    let gold = sequence.labels[position]
                    if guess != gold {
                        for row in rows {
                            weights[row * width + gold] += 1
                            totals[row * width + gold] += step
                            weights[row * width + guess] -= 1
                            totals[row * width + guess] -= step
                        }
                    }
                    previous = gold
                    step += 1
                }
            }
        }
        let averaged = zip(weights, totals).map { $0 - $1 / step }
        return SlotTagger(labels: labels, featureIndex: index, weights: averaged)
    }
}

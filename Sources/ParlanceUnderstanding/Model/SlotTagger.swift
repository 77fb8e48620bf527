
/// Labels each segment of a request with the intent property it belongs to (B- starts a value,
/// I- continues it, O is none): an averaged structured perceptron decoded as a whole sequence, one per intent.
struct SlotTagger: Sendable {
    /// "O", then "B-property" and "I-property" for each property.
    let labels: [String]
    /// The rows of the fixed features and of "the previous label was this one".
    private let featureIndex: [String: Int]
    private let pairRows: PairFeatureRows
    private let weights: [Float]
    /// Whether a label may follow another (`follows[label][previous]`), worked out once.
    private let follows: [[Bool]]
    /// The row of the feature "the previous label was this one", per label.
    private let previousRows: [Int?]

    init(labels: [String], featureIndex: [String: Int], pairRows: PairFeatureRows, weights: [Float]) {
        self.labels = labels
        self.featureIndex = featureIndex
        self.pairRows = pairRows
        self.weights = weights
        follows = Self.follows(labels)
        previousRows = labels.map { featureIndex[Self.previousFeature($0)] }
    }

    /// The labels for a sequence whose fixed features are given per position: the best-scoring sequence as
    /// a whole (Viterbi), so one doubtful word early on does not decide every label after it.
    func tag(_ features: [[String]], keys: [String]) -> [Int] {
        let fixedRows = features.map { $0.compactMap { featureIndex[$0] } }
        let pairs = keys.map { pairRows.rows(for: $0) }
        return Self.decode(fixedRows, follows: follows, weights: weights) { position, previous in
            (previousRows[previous], pairs[position].flatMap { $0[previous] >= 0 ? Int($0[previous]) : nil })
        }
    }

    private static func follows(_ labels: [String]) -> [[Bool]] {
        labels.indices.map { label in labels.indices.map { allowed(label, after: $0, labels: labels) } }
    }

    /// The best sequence of labels under `weights` (rows of one weight per label), I-x only after B-x or I-x;
    /// the first position follows "O". `dynamicRows` gives the rows of the two features that depend on the
    /// previous label (`dynamicFeatures`), in that order.
    private static func decode(_ fixedRows: [[Int]], follows: [[Bool]], weights: [Float],
                               dynamicRows: (_ position: Int, _ previous: Int) -> (Int?, Int?)) -> [Int] {
        let width = follows.count
        guard !fixedRows.isEmpty else { return [] }
        var fixedScores = [Float](repeating: 0, count: width)
        var dynamicScores = [Float](repeating: 0, count: width)
        var best = [Float](repeating: -.infinity, count: width)
        var next = [Float](repeating: -.infinity, count: width)
        var backPointers: [[Int]] = []
        backPointers.reserveCapacity(fixedRows.count)
        for (position, rows) in fixedRows.enumerated() {
            add(rows, weights: weights, width: width, into: &fixedScores)
            for label in 0..<width { next[label] = -.infinity }
            var pointers = [Int](repeating: 0, count: width)
            for previous in 0..<(position == 0 ? 1 : width) where position == 0 || best[previous] > -.infinity {
                let (first, second) = dynamicRows(position, previous)
                for label in 0..<width { dynamicScores[label] = 0 }
                if let first { addRow(first, weights: weights, width: width, into: &dynamicScores) }
                if let second { addRow(second, weights: weights, width: width, into: &dynamicScores) }
                let base = position == 0 ? 0 : best[previous]
                for label in 0..<width where follows[label][previous] {
                    let total = base + fixedScores[label] + dynamicScores[label]
                    if total > next[label] {
                        next[label] = total
                        pointers[label] = previous
                    }
                }
            }
            backPointers.append(pointers)
            swap(&best, &next)
        }
        var label = 0
        for candidate in 1..<width where best[candidate] > best[label] { label = candidate }
        var result = [Int](repeating: 0, count: fixedRows.count)
        for position in stride(from: fixedRows.count - 1, through: 0, by: -1) {
            result[position] = label
            label = backPointers[position][label]
        }
        return result
    }

    /// I-x may only follow B-x or I-x.
    private static func allowed(_ label: Int, after previous: Int, labels: [String]) -> Bool {
        let name = labels[label]
        guard name.hasPrefix("I-") else { return true }
        return previous != 0 && labels[previous].dropFirst(2) == name.dropFirst(2)
    }

    /// The sum of the rows' weights, per label.
    private static func add(_ rows: [Int], weights: [Float], width: Int, into scores: inout [Float]) {
        for label in 0..<width { scores[label] = 0 }
        for row in rows { addRow(row, weights: weights, width: width, into: &scores) }
    }

    private static func addRow(_ row: Int, weights: [Float], width: Int, into scores: inout [Float]) {
        let base = row * width
        for label in 0..<width { scores[label] += weights[base + label] }
    }

    /// "The previous label was this one".
    private static func previousFeature(_ previous: String) -> String { "p:" + previous }

    /// Trains on sequences of (fixed features per position, keys, gold labels): a structured perceptron,
    /// which learns from whole decoded sequences as `tag` reads them, averaged.
    static func train(_ sequences: [(features: [[String]], keys: [String], labels: [Int])], labels: [String],
                      epochs: Int, seed: UInt64) -> SlotTagger {
        var index: [String: Int] = [:]
        var pairs = PairFeatureRows(width: labels.count)
        var rowCount = 0
        func row(_ feature: String) -> Int {
            if let row = index[feature] { return row }
            index[feature] = rowCount
            rowCount += 1
            return rowCount - 1
        }
        // Intern every fixed feature and every dynamic one of a gold sequence first, so the weight arrays
        // have their final size.
        var fixedRows: [[[Int]]] = []
        fixedRows.reserveCapacity(sequences.count)
        for sequence in sequences {
            fixedRows.append(sequence.features.map { $0.map(row) })
            for position in sequence.keys.indices {
                let previous = position == 0 ? 0 : sequence.labels[position - 1]
                _ = row(previousFeature(labels[previous]))
                if pairs.row(previous: previous, key: sequence.keys[position]) == nil {
                    pairs.set(rowCount, previous: previous, key: sequence.keys[position])
                    rowCount += 1
                }
            }
        }
        let previousRows = labels.map { index[previousFeature($0)] }
        let width = labels.count
        var weights = [Float](repeating: 0, count: rowCount * width)
        var totals = [Float](repeating: 0, count: rowCount * width)
        var step: Float = 1
        var order = Array(sequences.indices)
        var random = SeededRandom(seed: seed)
        let follows = Self.follows(labels)
        func dynamicPair(_ keys: [String], _ position: Int, _ previous: Int) -> (Int?, Int?) {
            (previousRows[previous], pairs.row(previous: previous, key: keys[position]))
        }
        func dynamicRows(_ keys: [String], _ position: Int, _ previous: Int) -> [Int] {
            let (first, second) = dynamicPair(keys, position, previous)
            return [first, second].compactMap { $0 }
        }
        func update(_ rows: [Int], label: Int, by amount: Float) {
            for row in rows {
                weights[row * width + label] += amount
                totals[row * width + label] += amount * step
            }
        }
        for _ in 0..<epochs {
            random.shuffle(&order)
            for sequenceIndex in order {
                let sequence = sequences[sequenceIndex]
                let rows = fixedRows[sequenceIndex]
                let guess = decode(rows, follows: follows, weights: weights) { dynamicPair(sequence.keys, $0, $1) }
                if guess != sequence.labels {
                    for position in rows.indices {
                        let gold = sequence.labels[position]
                        let goldPrevious = position == 0 ? 0 : sequence.labels[position - 1]
                        let guessed = guess[position]
                        let guessedPrevious = position == 0 ? 0 : guess[position - 1]
                        guard gold != guessed || goldPrevious != guessedPrevious else { continue }
                        update(rows[position] + dynamicRows(sequence.keys, position, goldPrevious), label: gold, by: 1)
                        update(rows[position] + dynamicRows(sequence.keys, position, guessedPrevious), label: guessed, by: -1)
                    }
                }
                step += 1
            }
        }
        let averaged = zip(weights, totals).map { $0 - $1 / step }
        return SlotTagger(labels: labels, featureIndex: index, pairRows: pairs, weights: averaged)
    }
}

extension SlotTagger {
    /// Writes the tagger in the model cache's form.
    func write(to writer: inout ModelWriter) {
        writer.write(labels)
        var index = featureIndex
        for pair in pairRows.features(labels: labels) { index[pair.name] = pair.row }
        writer.write(index: index)
        writer.write(weights)
    }

    /// Reads a tagger `write(to:)` wrote; weights that do not fit the features and labels are corrupt.
    init(from reader: inout ModelReader) throws(ModelReader.Corrupt) {
        let labels = try reader.readStrings()
        let featureIndex = try reader.readIndex()
        let weights = try reader.readFloats()
        guard !labels.isEmpty, weights.count == featureIndex.count * labels.count else { throw ModelReader.Corrupt() }
        let (others, pairs) = PairFeatureRows.split(featureIndex, labels: labels)
        self.init(labels: labels, featureIndex: others, pairRows: pairs, weights: weights)
    }
}

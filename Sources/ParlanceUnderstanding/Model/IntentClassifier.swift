import Foundation

/// A multinomial logistic regression over sparse features: which intent (or none) a request asks for,
/// with probabilities. Trained by stochastic gradient descent in a fixed order, so it is reproducible.
struct IntentClassifier: Sendable {
    /// The class names: intent class names and `IntentClassifier.none`.
    let classes: [String]
    private let featureIndex: [String: Int]
    private let weights: [Float]
    private let bias: [Float]

    /// The class of requests no intent serves.
    static let none = "none"

    /// Probabilities of every class, in `classes` order.
    func probabilities(_ features: [String]) -> [Double] {
        var scores = bias.map(Double.init)
        let width = classes.count
        for feature in features {
            guard let row = featureIndex[feature] else { continue }
            let base = row * width
            for column in 0..<width { scores[column] += Double(weights[base + column]) }
        }
        return Self.softmax(scores)
    }

    static func softmax(_ scores: [Double]) -> [Double] {
        let top = scores.max() ?? 0
        let exponentials = scores.map { Double.exp($0 - top) }
        let sum = exponentials.reduce(0, +)
        return exponentials.map { $0 / sum }
    }

    /// Trains on labelled feature lists.
    static func train(_ examples: [(features: [String], label: Int)], classes: [String], epochs: Int,
                      seed: UInt64) -> IntentClassifier {
        var index: [String: Int] = [:]
        var encoded: [(features: [Int], label: Int)] = []
        encoded.reserveCapacity(examples.count)
        for example in examples {
            var rows: [Int] = []
            for feature in example.features {
                let row = index[feature] ?? {
                    let next = index.count
                    index[feature] = next
                    return next
                }()
                if !rows.contains(row) { rows.append(row) }
            }
            encoded.append((rows, example.label))
        }
        let width = classes.count
        var weights = [Float](repeating: 0, count: index.count * width)
        var bias = [Float](repeating: 0, count: width)
        var order = Array(encoded.indices)
        var random = SeededRandom(seed: seed)
        var scores = [Double](repeating: 0, count: width)
        for epoch in 0..<epochs {
            random.shuffle(&order)
            let rate = Float(0.3 / (1 + Double(epoch) * 0.5))
            for exampleIndex in order {
                let example = encoded[exampleIndex]
                for column in 0..<width { scores[column] = Double(bias[column]) }
                for row in example.features {
                    let base = row * width
                    for column in 0..<width { scores[column] += Double(weights[base + column]) }
                }
                let probabilities = softmax(scores)
                for column in 0..<width {
                    let gradient = Float(probabilities[column]) - (column == example.label ? 1 : 0)
                    guard abs(gradient) > 1e-4 else { continue }
                    let step = rate * gradient
                    bias[column] -= step * 0.1
                    for row in example.features { weights[row * width + column] -= step }
                }
            }
        }
        return IntentClassifier(classes: classes, featureIndex: index, weights: weights, bias: bias)
    }
}

private extension Double {
    static func exp(_ value: Double) -> Double { Foundation.exp(value) }
}

extension IntentClassifier {
    /// Writes the classifier in the model cache's form.
    func write(to writer: inout ModelWriter) {
        writer.write(classes)
        writer.write(index: featureIndex)
        writer.write(weights)
        writer.write(bias)
    }

    /// Reads a classifier `write(to:)` wrote; weights that do not fit the features and classes are corrupt.
    init(from reader: inout ModelReader) throws(ModelReader.Corrupt) {
        let classes = try reader.readStrings()
        let featureIndex = try reader.readIndex()
        let weights = try reader.readFloats()
        let bias = try reader.readFloats()
        guard !classes.isEmpty, weights.count == featureIndex.count * classes.count, bias.count == classes.count else {
            throw ModelReader.Corrupt()
        }
        self.init(classes: classes, featureIndex: featureIndex, weights: weights, bias: bias)
    }
}

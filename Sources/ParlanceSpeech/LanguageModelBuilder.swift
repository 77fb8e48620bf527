import Foundation

/// A trigram language model in ARPA form, with interpolated absolute discounting, from sentences.
public struct LanguageModelBuilder: Sendable {
    /// The discount taken from every seen n-gram for the unseen ones.
    public var discount = 0.7

    public init() {}

    /// The model of these sentences (each a list of words). Every word of `vocabulary` is in the model too,
    /// with a little probability, so a name the sentences never used can still be heard.
    public func arpa(sentences: [[String]], vocabulary extra: Set<String> = []) -> String {
        var unigrams: [String: Int] = [:]
        var bigrams: [String: [String: Int]] = [:]
        var trigrams: [String: [String: Int]] = [:]
        for sentence in sentences where !sentence.isEmpty {
            let tokens = ["<s>"] + sentence + ["</s>"]
            for index in 1..<tokens.count {
                unigrams[tokens[index], default: 0] += 1
                bigrams[tokens[index - 1], default: [:]][tokens[index], default: 0] += 1
                if index >= 2 {
                    trigrams[tokens[index - 2] + " " + tokens[index - 1], default: [:]][tokens[index], default: 0] += 1
                }
            }
        }
        for word in extra where unigrams[word] == nil { unigrams[word] = 0 }
        let total = Double(unigrams.values.reduce(0, +))
        let size = Double(unigrams.count)
        // Unigrams: counts plus a small constant, so every word of the vocabulary can occur.
        var p1: [String: Double] = [:]
        for (word, count) in unigrams { p1[word] = (Double(count) + 0.5) / (total + 0.5 * size) }

        func bigramProbability(_ word: String, after history: String) -> Double {
            guard let following = bigrams[history] else { return p1[word] ?? 0 }
            let count = Double(following.values.reduce(0, +))
            let seen = Double(following[word] ?? 0)
            let weight = discount * Double(following.count) / count
            return max(seen - discount, 0) / count + weight * (p1[word] ?? 0)
        }

        var lines: [String] = []
        let bigramCount = bigrams.values.reduce(0) { $0 + $1.count }
        let trigramCount = trigrams.values.reduce(0) { $0 + $1.count }
        lines += ["\\data\\", "ngram 1=\(unigrams.count + 1)", "ngram 2=\(bigramCount)", "ngram 3=\(trigramCount)", ""]
        lines.append("\\1-grams:")
        func backoff(_ following: [String: Int]?) -> Double {
            guard let following else { return 1 }
            let count = Double(following.values.reduce(0, +))
            return discount * Double(following.count) / count
        }
        lines.append("-99.0000 <s> \(Self.log(backoff(bigrams["<s>"])))")
        for word in unigrams.keys.sorted() {
            lines.append("\(Self.log(p1[word] ?? 0)) \(word) \(Self.log(backoff(bigrams[word])))")
        }
        lines += ["", "\\2-grams:"]
        for history in bigrams.keys.sorted() {
            for word in (bigrams[history] ?? [:]).keys.sorted() {
                let probability = bigramProbability(word, after: history)
                lines.append("\(Self.log(probability)) \(history) \(word) \(Self.log(backoff(trigrams[history + " " + word])))")
            }
        }
        lines += ["", "\\3-grams:"]
        for context in trigrams.keys.sorted() {
            guard let following = trigrams[context] else { continue }
            let last = String(context.split(separator: " ").last ?? "")
            let count = Double(following.values.reduce(0, +))
            let weight = discount * Double(following.count) / count
            for word in following.keys.sorted() {
                let seen = Double(following[word] ?? 0)
                let probability = max(seen - discount, 0) / count + weight * bigramProbability(word, after: last)
                lines.append("\(Self.log(probability)) \(context) \(word)")
            }
        }
        lines += ["", "\\end\\", ""]
        return lines.joined(separator: "\n")
    }

    static func log(_ probability: Double) -> String {
        guard probability > 0 else { return "-99.0000" }
        return String(format: "%.4f", log10(probability))
    }
}

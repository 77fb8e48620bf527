
/// The features the learned models see, computed the same way in training and in use.
enum ModelFeatures {
    /// Bag of words and word pairs of a whole request, for the intent classifier.
    static func sentence(_ segments: [Segment]) -> [String] {
        var features: [String] = []
        features.reserveCapacity(segments.count * 3 + 2)
        var previous = "<s>"
        for segment in segments {
            if case .punctuation = segment.kind { continue }
            features.append("u:" + segment.key)
            features.append("b:" + previous + "|" + segment.key)
            for kind in segment.vocabularyKinds { features.append("v:" + kind) }
            previous = segment.key
        }
        features.append("b:" + previous + "|</s>")
        if let first = segments.first(where: { $0.key != "<app>" && $0.key != "," }) { features.append("f:" + first.key) }
        return features
    }

    /// Features of each position, for the slot tagger of one intent.
    static func positions(_ segments: [Segment], intent: String) -> [[String]] {
        let keys = segments.map(\.key)
        func key(_ index: Int) -> String {
            index < 0 ? "<s>" : (index >= keys.count ? "</s>" : keys[index])
        }
        var result: [[String]] = []
        result.reserveCapacity(segments.count)
        for (index, segment) in segments.enumerated() {
            var features = ["bias", "w:" + keys[index], "w-1:" + key(index - 1), "w+1:" + key(index + 1),
                            "w-2:" + key(index - 2), "w+2:" + key(index + 2),
                            "b:" + key(index - 1) + "|" + keys[index], "a:" + keys[index] + "|" + key(index + 1),
                            "bb:" + key(index - 2) + "|" + key(index - 1)]
            if segment.isCapitalized { features.append("cap") }
            for property in segment.vocabularyProperties(intent: intent) { features.append("v:" + property) }
            for kind in segment.vocabularyKinds { features.append("vk:" + kind) }
            if segment.key.count > 3, case .word = segment.kind { features.append("s3:" + segment.key.suffix(3)) }
            // Kana and han are a token each: the script and whether it changes tell where words begin.
            if let script = CharacterClass.unspacedScript(keys[index]) {
                let before = index > 0 ? CharacterClass.unspacedScript(keys[index - 1]) ?? "x" : "^"
                let after = index + 1 < keys.count ? CharacterClass.unspacedScript(keys[index + 1]) ?? "x" : "$"
                features.append("sc:\(before)\(script)")
                features.append("sn:\(script)\(after)")
            }
            result.append(features)
        }
        return result
    }
}

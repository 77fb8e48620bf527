import ParlanceCore

/// One unit the learned models see: a word, or a stretch of words the deterministic readers
/// recognised as one thing (an app's name, a vocabulary phrase, an amount, a date).
struct Segment: Sendable {
    enum Kind: Sendable {
        case word
        case punctuation
        case app(String)
        case vocabulary([GazetteerEntry])
        case entity(EntityValue)
    }

    /// The tokens of the utterance it covers.
    var tokens: Range<Int>
    var kind: Kind
    /// What the models see: the word's key, or a class ("<app>", "<money>", "<vocab>").
    var key: String
    /// Whether the user wrote it with a capital letter (not at the start of the sentence).
    var isCapitalized: Bool

    /// The intent properties a vocabulary phrase can fill ("recipients"), for a given intent.
    func vocabularyProperties(intent: String) -> [String] {
        guard case .vocabulary(let entries) = kind else { return [] }
        var properties: [String] = []
        let prefix = intent + "."
        for entry in entries {
            for parameter in entry.parameters where parameter.hasPrefix(prefix) {
                let property = String(parameter.dropFirst(prefix.count))
                if !properties.contains(property) { properties.append(property) }
            }
        }
        return properties
    }

    /// The kinds of vocabulary a phrase belongs to, whatever the intent ("contactName", "app").
    var vocabularyKinds: [String] {
        guard case .vocabulary(let entries) = kind else { return [] }
        var kinds: [String] = []
        for entry in entries {
            let kind: String
            switch entry.source {
            case .app: kind = entry.parameters.first.map { String($0.split(separator: ".").last ?? "") } ?? "app"
            case .user(let type): kind = type.caseName
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        return kinds
    }
}

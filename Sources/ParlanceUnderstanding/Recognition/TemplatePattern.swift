/// A phrasing template as the template matcher reads it: the template's own words, the values it
/// takes and how they combine.
indirect enum TemplatePattern: Sendable {
    case word(String)
    case app
    case entity(property: String?, classes: Set<String>)
    case vocabulary(property: String)
    case person(property: String, list: Bool)
    case freeText(property: String)
    case options(property: String, [[String]])
    case sequence([TemplatePattern])
    case choice([TemplatePattern])
    case optional(TemplatePattern)

    /// How many words a pattern of words only is; nil when it holds anything else.
    var wordCount: Int? {
        switch self {
        case .word: return 1
        case .sequence(let parts):
            var total = 0
            for part in parts {
                guard let count = part.wordCount else { return nil }
                total += count
            }
            return total
        default: return nil
        }
    }

    /// The words every match contains: the template's own words outside optional parts and those common
    /// to every alternative.
    var requiredWords: Set<String> {
        switch self {
        case .word(let key): return [key]
        case .sequence(let parts): return parts.reduce(into: Set<String>()) { $0.formUnion($1.requiredWords) }
        case .choice(let alternatives):
            guard let first = alternatives.first else { return [] }
            return alternatives.dropFirst().reduce(first.requiredWords) { $0.intersection($1.requiredWords) }
        case .options(_, let options):
            guard let first = options.first else { return [] }
            return options.dropFirst().reduce(Set(first)) { $0.intersection($1) }
        case .optional, .app, .entity, .vocabulary, .person, .freeText: return []
        }
    }

    /// Whether patterns in a row must start with the template's own words (after optional parts), so a
    /// value before them has a right edge.
    static func beginWithWords(_ patterns: ArraySlice<TemplatePattern>) -> Bool {
        guard let head = patterns.first else { return false }
        switch head {
        case .word: return true
        case .optional: return beginWithWords(patterns.dropFirst())
        case .sequence(let parts): return beginWithWords(ArraySlice(parts) + patterns.dropFirst())
        case .choice(let alternatives):
            return !alternatives.isEmpty && alternatives.allSatisfy { beginWithWords([$0] + patterns.dropFirst()) }
        case .app, .entity, .vocabulary, .person, .freeText, .options: return false
        }
    }
}
